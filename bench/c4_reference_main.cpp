// A main around Pascal Pons' Connect Four Solver (https://github.com/PascalPons/connect4) that speaks the protocol of
// bench/c4_reference.py: one position per line on stdin (column digits 1-7), one line per position on stdout,
// "<position> <score> <nodes> <cpu_us>", the CPU time of that solve alone (the thread's CPU clock around solve()).
//
// Table policy, as the benchmark asks for it:
//   (default)  cleared: reset() (the table zeroed, the node count 0) before each position, outside its clock;
//   --keep     kept: the table of the earlier positions stays (what Pons' own main does from line to line); the
//              nodes of a position are the node counter's increase over its solve.
// No opening book is loaded. Build against a checkout of his repository (its Solver.cpp and headers):
//
//   g++ -std=c++17 -O3 -DNDEBUG -I PONS bench/c4_reference_main.cpp PONS/Solver.cpp -o c4_reference
//
// His code is under the GNU AGPL; this file only calls its public Solver API.
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

static long long thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<long long>(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
}

int main(int argc, char** argv) {
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--keep") == 0) {
      keep = true;
    } else {
      std::cerr << "usage: " << argv[0] << " [--keep] < positions\n";
      return 2;
    }
  }
  static Solver solver;  // its table is 2^24 entries: static, not on the stack
  std::string line;
  for (int l = 1; std::getline(std::cin, line); ++l) {
    Position p;
    if (p.play(line) != line.size()) {
      std::cerr << "line " << l << ": invalid move " << (p.nbMoves() + 1) << " in \"" << line << "\"\n";
      return 1;
    }
    if (!keep) solver.reset();
    const unsigned long long before = solver.getNodeCount();
    const long long start = thread_cpu_us();
    const int score = solver.solve(p);
    const long long cpu = thread_cpu_us() - start;
    std::cout << line << ' ' << score << ' ' << (solver.getNodeCount() - before) << ' ' << cpu << std::endl;
  }
  return 0;
}

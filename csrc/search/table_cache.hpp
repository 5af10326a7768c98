// One transposition table kept between searches, so that a session of many short searches (a benchmark set, a
// ladder of alpha-beta agents, the analysis of a game) does not map a fresh table and fault it in for each.
//
// A search takes the table (take(megabytes)): the kept one if it has that size, else a new zeroed one; it gives it
// back when it ends (give). A search without a table (0 MB) leaves the kept one kept. The table itself makes the
// entries of earlier searches empty to the next one (tt.hpp: a generation per search), so a kept table answers
// exactly as a new one. Only one table is kept, the last given
// back, and only below kKeepBelow: a table of a gigabyte or more is asked for by a long proof, where mapping it
// costs nothing beside the search, and keeping it would hold that memory after the proof.
// release() frees the kept table. Thread-safe: concurrent searches each get their own table (the second one a new
// table), and the last given back stays.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <utility>

#include "tt.hpp"

namespace kofun {

class TableCache {
 public:
  // A table of `megabytes` (the kept one when it has that size); std::bad_alloc when it cannot be had.
  static std::unique_ptr<TranspositionTable> take(std::size_t megabytes) {
    if (megabytes == 0) return std::make_unique<TranspositionTable>(0);  // no table: the kept one stays kept
    {
      std::lock_guard<std::mutex> lock(mutex());
      auto& kept = slot();
      if (kept && kept->megabytes() == megabytes) return std::move(kept);
      kept.reset();  // another size: free it before mapping the new one
    }
    return std::make_unique<TranspositionTable>(megabytes);
  }

  static constexpr std::size_t kKeepBelow = std::size_t{1} << 30;

  // Keeps `table` for the next search (replacing the table kept before), unless it has kKeepBelow bytes or more.
  static void give(std::unique_ptr<TranspositionTable> table) noexcept {
    if (!table || table->megabytes() == 0 || (table->megabytes() << 20) >= kKeepBelow) return;
    std::lock_guard<std::mutex> lock(mutex());
    slot() = std::move(table);
  }

  // Frees the kept table, if any; returns its size in megabytes (0 when none was kept).
  static std::size_t release() noexcept {
    std::unique_ptr<TranspositionTable> freed;
    {
      std::lock_guard<std::mutex> lock(mutex());
      freed = std::move(slot());
    }
    return freed ? freed->megabytes() : 0;
  }

  // Zeroes the kept table (TranspositionTable::clear), if any; returns its size in megabytes (0 when none).
  static std::size_t clear() noexcept {
    std::lock_guard<std::mutex> lock(mutex());
    if (!slot()) return 0;
    slot()->clear();
    return slot()->megabytes();
  }

  // Size in megabytes of the kept table (0 when none is kept).
  static std::size_t kept_megabytes() noexcept {
    std::lock_guard<std::mutex> lock(mutex());
    return slot() ? slot()->megabytes() : 0;
  }

 private:
  static std::mutex& mutex() noexcept {
    static std::mutex m;
    return m;
  }
  static std::unique_ptr<TranspositionTable>& slot() noexcept {
    static std::unique_ptr<TranspositionTable> kept;
    return kept;
  }
};

// A table taken from the cache for one search, given back when the lease ends (the search returned or threw).
class TableLease {
 public:
  explicit TableLease(std::size_t megabytes) : table_(TableCache::take(megabytes)) {}
  TableLease(const TableLease&) = delete;
  TableLease& operator=(const TableLease&) = delete;
  ~TableLease() { TableCache::give(std::move(table_)); }
  TranspositionTable& operator*() const noexcept { return *table_; }
  TranspositionTable* operator->() const noexcept { return table_.get(); }

 private:
  std::unique_ptr<TranspositionTable> table_;
};

}  // namespace kofun

// Transposition table shared by the alpha-beta threads (Lazy SMP).
//
// Entry (16 bytes = two 64-bit words):
//   word   bits    field
//   data    0..31  best move (kNoMove when none)
//   data   32..47  score (int16, proven scores relative to the node: see score_to_tt)
//   data   48..55  depth searched (plies, 0..255)
//   data   56..57  bound: 0 empty, 1 upper (score <= value), 2 lower (score >= value), 3 exact
//   data   58..63  generation (search number modulo 64) for replacement
//   check   0..63  Zobrist key XOR data
// The check word stores the key XORed with the data ("lockless hashing"): the threads read and write both words
// without locks (relaxed atomics), and an entry torn by a concurrent write fails the key test instead of pairing
// one position's key with another's data. All 64 key bits are checked.
//
// Buckets of two entries (32 bytes); the key picks a bucket by multiply-shift. Replacement: an entry with the same
// key is overwritten; otherwise slot 0 keeps the deepest entry of the current search (it is replaced when the new
// depth is at least its depth or when it comes from an older search), and slot 1 takes everything else (always
// replaced).
//
// One search at a time sees the table: new_search() starts a new generation, and probe() and store() treat the
// entries of other generations as empty. So a table kept between searches (table_cache.hpp) answers exactly as a
// freshly zeroed one (same values, same node counts) without being zeroed or faulted in again: clearing is one
// increment, and a real zeroing comes once every 64 searches, when the 6-bit generation wraps. The zeroing covers
// only what was written since the last one: store() marks each 1 KiB chunk of entries it writes in a bitmap (one
// bit per chunk, set once: a load, and an atomic OR the first time), so a table of many small searches (a set of
// short proofs, a game's analysis) zeroes kilobytes instead of its whole size at every wrap.
//
// Kept entries (solve's `keep` identity, search/solve.hpp): a search given a non-zero identity equal to the one the
// table's previous search was given goes on in that search's generation, so the entries of the earlier searches
// answer this one too. Only for entries that are facts about positions whatever the root (solve's bounds to the
// end, relative to their node): the identity names one game under one set of rules; any other search, or another
// identity, starts a new generation as above.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../core/big_array.hpp"
#include "../core/move_list.hpp"

namespace kofun {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  std::uint64_t check;
  std::uint64_t data;
};
static_assert(sizeof(TTEntry) == 16, "a table entry is 16 bytes");

// An unpacked entry as probe() returns it.
struct TTHit {
  Move move = kNoMove;
  int value = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
};

class TranspositionTable {
 public:
  static constexpr int kBucketSize = 2;
  // Tables of this size or more are on transparent huge pages (big_array.hpp). A table is kept between searches
  // (table_cache.hpp), so zeroing its 2 MiB pages on first touch is paid once per process, not once per search;
  // a probe at random in a table of 4 KiB pages misses the TLB (docs/solving.md).
  static constexpr std::size_t kHugeFrom = std::size_t{32} << 20;

  // A table of 0 MB stores nothing and finds nothing: alpha-beta without a table (the tests' reference).
  explicit TranspositionTable(std::size_t megabytes) {
    if (megabytes == 0) {
      entries_ = BigArray<TTEntry>(1, false);
      return;
    }
    megabytes_ = megabytes;
    const std::size_t bytes = megabytes << 20;
    buckets_ = bytes / (sizeof(TTEntry) * kBucketSize);
    // Zeroed pages (an all-zero entry is empty), touched only when used; huge pages for tables of kHugeFrom bytes
    // or more (big_array.hpp).
    entries_ = BigArray<TTEntry>(buckets_ * kBucketSize, bytes >= kHugeFrom);
    written_.assign((chunks() + 63) / 64, 0);
  }

  std::size_t entry_count() const noexcept { return buckets_ * kBucketSize; }
  std::size_t megabytes() const noexcept { return megabytes_; }
  // Whether the entries are on huge pages (tables of kHugeFrom bytes or more).
  bool huge() const noexcept { return (megabytes_ << 20) >= kHugeFrom; }

  // Starts a new search: the entries of earlier searches are empty to it. The generation wraps every 64 searches;
  // then what was written is zeroed, so that no entry of 64 searches ago can pass for one of this search.
  // `keep`: 0, or the identity of kept entries (above): equal to the previous search's, no new generation.
  void new_search(std::uint64_t keep = 0) noexcept {
    const bool same = keep != 0 && keep == keep_;
    keep_ = keep;
    if (same) return;
    generation_ = (generation_ + 1) & 63;
    if (generation_ == 0) zero_written();
  }

  // Empties the table as new (every entry zeroed, generation 0, no kept identity): a table cleared outside a
  // search's clock, as a benchmark's reference solver clears its own before each position.
  void clear() noexcept {
    zero_written();
    generation_ = 0;
    keep_ = 0;
  }

  bool probe(std::uint64_t key, TTHit& hit) const noexcept {
    if (buckets_ == 0) return false;
    TTEntry* b = bucket(key);
    for (int i = 0; i < kBucketSize; ++i) {
      const std::uint64_t data = load(b[i].data);
      if ((load(b[i].check) ^ data) == key && current(data) && bound_of(data) != Bound::kNone) {
        hit.move = static_cast<Move>(data & 0xFFFFFFFFu);
        hit.value = static_cast<std::int16_t>((data >> 32) & 0xFFFF);
        hit.depth = static_cast<int>((data >> 48) & 0xFF);
        hit.bound = bound_of(data);
        return true;
      }
    }
    return false;
  }

  // Starts loading the bucket of `key` into the cache (a hint; probe() and store() are right without it).
  void prefetch(std::uint64_t key) const noexcept {
    if (buckets_ > 0) __builtin_prefetch(bucket(key));
  }

  void store(std::uint64_t key, Move move, int value, int depth, Bound bound) noexcept {
    if (buckets_ == 0) return;
    const std::size_t index = bucket_index(key);
    mark_written(index);
    TTEntry* b = entries_.get() + index * kBucketSize;
    int slot = -1;
    for (int i = 0; i < kBucketSize; ++i) {
      const std::uint64_t data = load(b[i].data);
      if ((load(b[i].check) ^ data) == key && current(data)) slot = i;
    }
    if (slot >= 0 && move == kNoMove) {  // keep the known best move of this position
      move = static_cast<Move>(load(b[slot].data) & 0xFFFFFFFFu);
    }
    if (slot < 0) {
      const std::uint64_t d0 = load(b[0].data);
      const bool stale = !current(d0);
      slot = (bound_of(d0) == Bound::kNone || stale || depth >= static_cast<int>((d0 >> 48) & 0xFF)) ? 0 : 1;
    }
    const std::uint64_t data = static_cast<std::uint64_t>(move) |
                               static_cast<std::uint64_t>(static_cast<std::uint16_t>(value)) << 32 |
                               static_cast<std::uint64_t>(depth < 0 ? 0 : depth > 255 ? 255 : depth) << 48 |
                               static_cast<std::uint64_t>(bound) << 56 |
                               static_cast<std::uint64_t>(generation_) << 58;
    std::atomic_ref<std::uint64_t>(b[slot].check).store(key ^ data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(b[slot].data).store(data, std::memory_order_relaxed);
  }

 private:
  static std::uint64_t load(std::uint64_t& w) noexcept {
    return std::atomic_ref<std::uint64_t>(w).load(std::memory_order_relaxed);
  }
  static Bound bound_of(std::uint64_t data) noexcept { return static_cast<Bound>((data >> 56) & 3); }
  bool current(std::uint64_t data) const noexcept { return (data >> 58) == static_cast<std::uint64_t>(generation_); }
  std::size_t bucket_index(std::uint64_t key) const noexcept {
    return static_cast<std::size_t>((static_cast<unsigned __int128>(key) * buckets_) >> 64);
  }
  TTEntry* bucket(std::uint64_t key) const noexcept { return entries_.get() + bucket_index(key) * kBucketSize; }

  static constexpr std::size_t kChunkBuckets = 32;  // 1 KiB of entries per bit of written_
  std::size_t chunks() const noexcept { return (buckets_ + kChunkBuckets - 1) / kChunkBuckets; }
  // Marks the chunk of bucket `index` written (threads store concurrently: the bit is set atomically, once).
  void mark_written(std::size_t index) noexcept {
    const std::size_t chunk = index / kChunkBuckets;
    std::atomic_ref<std::uint64_t> word(written_[chunk >> 6]);
    const std::uint64_t bit = std::uint64_t{1} << (chunk & 63);
    if (!(word.load(std::memory_order_relaxed) & bit)) word.fetch_or(bit, std::memory_order_relaxed);
  }
  // Zeroes every chunk written since the last zeroing (the others are zero already) and forgets the marks.
  void zero_written() noexcept {
    auto zero = [&](std::size_t chunk, std::size_t n) {  // n chunks from `chunk`, the last one cut at the end
      const std::size_t first = chunk * kChunkBuckets;
      const std::size_t count = std::min(n * kChunkBuckets, buckets_ - first);
      std::memset(static_cast<void*>(entries_.get() + first * kBucketSize), 0, count * kBucketSize * sizeof(TTEntry));
    };
    std::size_t marked = 0;
    for (std::uint64_t bits : written_) marked += static_cast<std::size_t>(__builtin_popcountll(bits));
    if (marked * 8 >= chunks()) {
      zero(0, chunks());  // much of it written (a long search): one memset of the whole table is faster
    } else {
      for (std::size_t w = 0; w < written_.size(); ++w)
        for (std::uint64_t bits = written_[w]; bits != 0; bits &= bits - 1)
          zero(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)), 1);
    }
    std::fill(written_.begin(), written_.end(), std::uint64_t{0});
  }

  BigArray<TTEntry> entries_;
  std::size_t buckets_ = 0;
  std::size_t megabytes_ = 0;
  int generation_ = 0;
  std::uint64_t keep_ = 0;  // the kept-entries identity of the last search (0: none)
  std::vector<std::uint64_t> written_;  // one bit per chunk of kChunkBuckets buckets written since the last zeroing
};

}  // namespace kofun

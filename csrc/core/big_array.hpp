// Large zeroed arrays for the searches (the transposition tables).
//
// A search probes a table of up to gigabytes at random: with 4 KiB pages almost every probe also misses the TLB,
// and the page walk costs about as much as the cache miss itself (docs/solving.md: a Connect Four proof with a
// 4 GiB table took 3.3x the time of the same proof with 256 MiB on 4 KiB pages). So the memory can come from an
// anonymous mapping aligned to 2 MiB with transparent huge pages requested (madvise MADV_HUGEPAGE, Linux; a hint
// the kernel may ignore). The pages come zeroed from the OS and are only touched when used, as with calloc. Huge
// pages are for arrays that many searches or a long one fill: a single short search touching a few thousand random
// entries would have the kernel zero a 2 MiB page for each instead of 4 KiB (the transposition tables are kept
// between searches for that: search/table_cache.hpp). Without huge pages, or off Linux: calloc. Only for
// trivially copyable element types (an all-zero element is their empty value).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kofun {

template <class T>
class BigArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  BigArray() = default;
  // `count` zeroed elements, on huge pages if `huge`; std::bad_alloc when the memory cannot be had.
  BigArray(std::size_t count, bool huge) { allocate(count, huge); }
  BigArray(const BigArray&) = delete;
  BigArray& operator=(const BigArray&) = delete;
  BigArray(BigArray&& o) noexcept { swap(o); }
  BigArray& operator=(BigArray&& o) noexcept {
    BigArray(std::move(o)).swap(*this);
    return *this;
  }
  ~BigArray() { release(); }

  T* get() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }
  T& operator[](std::size_t i) const noexcept { return data_[i]; }
  explicit operator bool() const noexcept { return data_ != nullptr; }

 private:
  static constexpr std::size_t kHuge = std::size_t{2} << 20;

  void allocate(std::size_t count, [[maybe_unused]] bool huge) {
    if (count == 0) count = 1;
    if (count > static_cast<std::size_t>(-1) / sizeof(T) - kHuge) throw std::bad_alloc();
    const std::size_t bytes = count * sizeof(T);
#if defined(__linux__)
    if (huge && bytes >= kHuge) {
      map_bytes_ = bytes + kHuge;  // room to align the start to a huge page
      void* p = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      map_ = p;
      const auto addr = reinterpret_cast<std::uintptr_t>(p);
      const std::uintptr_t aligned = (addr + kHuge - 1) & ~(std::uintptr_t{kHuge} - 1);
      madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);  // a hint: failure changes nothing
      data_ = reinterpret_cast<T*>(aligned);
      count_ = count;
      return;
    }
#endif
    data_ = static_cast<T*>(std::calloc(count, sizeof(T)));
    if (data_ == nullptr) throw std::bad_alloc();
    count_ = count;
  }

  void release() noexcept {
#if defined(__linux__)
    if (map_ != nullptr) {
      munmap(map_, map_bytes_);
      map_ = nullptr;
      data_ = nullptr;
      return;
    }
#endif
    std::free(data_);
    data_ = nullptr;
  }

  void swap(BigArray& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(count_, o.count_);
    std::swap(map_, o.map_);
    std::swap(map_bytes_, o.map_bytes_);
  }

  T* data_ = nullptr;
  std::size_t count_ = 0;
  void* map_ = nullptr;  // the whole mapping (mmap path)
  std::size_t map_bytes_ = 0;
};

}  // namespace kofun

// Arrays of plain elements for the search trees, from malloc / calloc: `raw_array` leaves them uninitialised (the
// pages are only touched when used), `zeroed_array` zeroes them. A failed allocation is std::bad_alloc in every
// build: operator new would do the same in a normal build, but a sanitizer's operator new aborts the process
// instead, while its malloc returns null. The bindings turn the bad_alloc into a ValueError naming the setting.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace kofun {

struct FreeMemory {
  void operator()(void* p) const noexcept { std::free(p); }
};

template <class T>
using RawArray = std::unique_ptr<T[], FreeMemory>;

template <class T>
RawArray<T> raw_array(std::size_t n) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
  void* p = std::malloc(n * sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return RawArray<T>(static_cast<T*>(p));
}

template <class T>
RawArray<T> zeroed_array(std::size_t n) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  void* p = std::calloc(n, sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return RawArray<T>(static_cast<T*>(p));
}

}  // namespace kofun

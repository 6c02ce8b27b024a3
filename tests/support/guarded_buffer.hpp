// guarded_buffer: a copy of some bytes that ends exactly where an inaccessible page begins, so
// that any read past the end faults at once. AddressSanitizer catches ordinary reads past an
// exact-size copy, but not the lanes of a masked vector load, which only the CPU checks: a
// wrong mask shows up here as a crash. Where mmap is not available, a plain exact-size copy.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define JSONX_TEST_GUARD_PAGE 1
#else
#define JSONX_TEST_GUARD_PAGE 0
#endif

namespace jsonx::test {

class guarded_buffer {
 public:
  explicit guarded_buffer(std::string_view bytes) : size_(bytes.size()) {
#if JSONX_TEST_GUARD_PAGE
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    data_pages_ = (bytes.size() + page - 1) / page;
    mapping_size_ = (data_pages_ + 1) * page;
    void* map =
        mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map != MAP_FAILED) {
      mapping_ = static_cast<char*>(map);
      mprotect(mapping_ + data_pages_ * page, page, PROT_NONE);
      data_ = mapping_ + data_pages_ * page - bytes.size();
    }
#endif
    if (data_ == nullptr) {
      fallback_ = std::make_unique<char[]>(bytes.size() + 1);
      data_ = fallback_.get();
    }
    if (!bytes.empty()) std::memcpy(data_, bytes.data(), bytes.size());
  }
  ~guarded_buffer() {
#if JSONX_TEST_GUARD_PAGE
    if (mapping_ != nullptr) munmap(mapping_, mapping_size_);
#endif
  }
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;

  const char* data() const noexcept {
    return data_;
  }
  std::size_t size() const noexcept {
    return size_;
  }
  std::string_view view() const noexcept {
    return {data_, size_};
  }

 private:
  std::size_t size_;
  char* data_ = nullptr;
  char* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  std::size_t data_pages_ = 0;
  std::unique_ptr<char[]> fallback_;
};

}  // namespace jsonx::test

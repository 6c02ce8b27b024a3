// SHA-256 (FIPS 180-4), written out plainly: it only checks corpus files against the manifest,
// a few megabytes per test run, so clarity beats speed here.
#include <array>
#include <cstdint>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

constexpr std::array<std::uint32_t, 64> round_constants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotate_right(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

void compress(std::array<std::uint32_t, 8>& hash, const unsigned char* block) {
  std::array<std::uint32_t, 64> schedule{};
  for (int i = 0; i < 16; ++i)
    schedule[i] = std::uint32_t{block[4 * i]} << 24 | std::uint32_t{block[4 * i + 1]} << 16 |
                  std::uint32_t{block[4 * i + 2]} << 8 | std::uint32_t{block[4 * i + 3]};
  for (int i = 16; i < 64; ++i) {
    std::uint32_t s0 = rotate_right(schedule[i - 15], 7) ^ rotate_right(schedule[i - 15], 18) ^
                       (schedule[i - 15] >> 3);
    std::uint32_t s1 = rotate_right(schedule[i - 2], 17) ^ rotate_right(schedule[i - 2], 19) ^
                       (schedule[i - 2] >> 10);
    schedule[i] = schedule[i - 16] + s0 + schedule[i - 7] + s1;
  }
  auto [a, b, c, d, e, f, g, h] = hash;
  for (int i = 0; i < 64; ++i) {
    std::uint32_t sum1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
    std::uint32_t choose = (e & f) ^ (~e & g);
    std::uint32_t t1 = h + sum1 + choose + round_constants[i] + schedule[i];
    std::uint32_t sum0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
    std::uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
    std::uint32_t t2 = sum0 + majority;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  hash[0] += a;
  hash[1] += b;
  hash[2] += c;
  hash[3] += d;
  hash[4] += e;
  hash[5] += f;
  hash[6] += g;
  hash[7] += h;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  std::array<std::uint32_t, 8> hash = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                       0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t full_blocks = bytes.size() / 64;
  for (std::size_t i = 0; i < full_blocks; ++i) compress(hash, data + 64 * i);

  // The tail, a 0x80 byte, zeros, and the bit length big-endian: one or two final blocks.
  std::array<unsigned char, 128> tail{};
  std::size_t tail_length = bytes.size() % 64;
  for (std::size_t i = 0; i < tail_length; ++i) tail[i] = data[64 * full_blocks + i];
  tail[tail_length] = 0x80;
  std::size_t tail_blocks = tail_length + 1 + 8 <= 64 ? 1 : 2;
  std::uint64_t bit_length = static_cast<std::uint64_t>(bytes.size()) * 8;
  for (int i = 0; i < 8; ++i)
    tail[64 * tail_blocks - 1 - i] = static_cast<unsigned char>(bit_length >> (8 * i));
  for (std::size_t i = 0; i < tail_blocks; ++i) compress(hash, tail.data() + 64 * i);

  static constexpr char hex_digits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(64);
  for (std::uint32_t word : hash)
    for (int shift = 28; shift >= 0; shift -= 4) hex.push_back(hex_digits[(word >> shift) & 0xf]);
  return hex;
}

}  // namespace jsonx::corpus

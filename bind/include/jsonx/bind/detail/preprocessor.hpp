// A preprocessor for-each over __VA_ARGS__ (C++20 __VA_OPT__), for JSONX_DESCRIBE and
// JSONX_DESCRIBE_ENUM. Up to 256 arguments.
//
// How it works: JSONX_DETAIL_PP_EACH expands `macro(data, first)` and, if more arguments
// follow, the name of the next step without calling it (JSONX_DETAIL_PP_AGAIN followed by `()`
// is only expanded on a later rescan). JSONX_DETAIL_PP_EXPAND rescans 256 times, so each
// rescan advances one argument; no macro is ever expanded inside itself.
#pragma once

#define JSONX_DETAIL_PP_EXPAND(...) \
  JSONX_DETAIL_PP_EXPAND4(          \
      JSONX_DETAIL_PP_EXPAND4(JSONX_DETAIL_PP_EXPAND4(JSONX_DETAIL_PP_EXPAND4(__VA_ARGS__))))
#define JSONX_DETAIL_PP_EXPAND4(...) \
  JSONX_DETAIL_PP_EXPAND3(           \
      JSONX_DETAIL_PP_EXPAND3(JSONX_DETAIL_PP_EXPAND3(JSONX_DETAIL_PP_EXPAND3(__VA_ARGS__))))
#define JSONX_DETAIL_PP_EXPAND3(...) \
  JSONX_DETAIL_PP_EXPAND2(           \
      JSONX_DETAIL_PP_EXPAND2(JSONX_DETAIL_PP_EXPAND2(JSONX_DETAIL_PP_EXPAND2(__VA_ARGS__))))
#define JSONX_DETAIL_PP_EXPAND2(...) \
  JSONX_DETAIL_PP_EXPAND1(           \
      JSONX_DETAIL_PP_EXPAND1(JSONX_DETAIL_PP_EXPAND1(JSONX_DETAIL_PP_EXPAND1(__VA_ARGS__))))
#define JSONX_DETAIL_PP_EXPAND1(...) __VA_ARGS__

#define JSONX_DETAIL_PP_PARENS ()

/// Expands to `macro(data, a1), macro(data, a2), ...` (comma-separated).
#define JSONX_DETAIL_PP_FOR_EACH(macro, data, ...) \
  __VA_OPT__(JSONX_DETAIL_PP_EXPAND(JSONX_DETAIL_PP_EACH(macro, data, __VA_ARGS__)))
#define JSONX_DETAIL_PP_EACH(macro, data, first, ...) \
  macro(data, first)                                  \
      __VA_OPT__(, JSONX_DETAIL_PP_AGAIN JSONX_DETAIL_PP_PARENS(macro, data, __VA_ARGS__))
#define JSONX_DETAIL_PP_AGAIN() JSONX_DETAIL_PP_EACH

# How the tests run in a cross build, whose programs run under CMAKE_CROSSCOMPILING_EMULATOR
# (cmake/toolchains/aarch64-linux-gnu.cmake: qemu-aarch64). Native builds: factor 1, nothing set.
#
# JSONX_TEST_TIMEOUT_FACTOR: every TIMEOUT of the suite (and the test discovery's) is multiplied
# by it, through jsonx_test_timeout(). A user-mode emulator runs the same work many times slower
# (qemu-aarch64 on a 2-core x86-64 machine: cli_stats 0.33 s natively, 2.7 to 6.3 s under qemu;
# cli_conformance, which starts the program thousands of times, 4 s and 47 to 98 s), so tests
# keep their sizes and get more time instead. No test of the suite came near its native TIMEOUT
# (300 s or 600 s; the slowest took 98 s under qemu), so 10 leaves a wide margin.
#
# JSONX_TEST_ENVIRONMENT: ENVIRONMENT entries for the GoogleTest executables.
# JSONX_TEST_EMULATOR is the emulator's command line, its words separated by spaces, for tests
# that start the test binary again (the death tests of tests/simd/kernel_test.cpp): the kernel
# cannot exec an aarch64 program on x86-64 without binfmt_misc, the emulator can run it.
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  set(jsonx_default_timeout_factor 10)
  list(JOIN CMAKE_CROSSCOMPILING_EMULATOR " " jsonx_emulator_words)
  set(JSONX_TEST_ENVIRONMENT "JSONX_TEST_EMULATOR=${jsonx_emulator_words}")
else()
  set(jsonx_default_timeout_factor 1)
  set(JSONX_TEST_ENVIRONMENT "")
endif()
set(JSONX_TEST_TIMEOUT_FACTOR ${jsonx_default_timeout_factor} CACHE STRING
    "Multiplier of the tests' TIMEOUT properties (default 10 under an emulator, else 1)")
if(NOT JSONX_TEST_TIMEOUT_FACTOR MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "JSONX_TEST_TIMEOUT_FACTOR must be a positive integer, not "
                      "'${JSONX_TEST_TIMEOUT_FACTOR}'")
endif()

# jsonx_test_timeout(<seconds> <out_var>): the TIMEOUT for a test that takes at most <seconds>
# natively.
function(jsonx_test_timeout seconds out_var)
  math(EXPR scaled "${seconds} * ${JSONX_TEST_TIMEOUT_FACTOR}")
  set(${out_var} ${scaled} PARENT_SCOPE)
endfunction()

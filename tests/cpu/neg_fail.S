/* negative control: fails its check 7 on purpose (the harness must report it) */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    li a1, 1
    CHECK_EQ a1, 1, 6
    CHECK_EQ a1, 2, 7
    j test_pass

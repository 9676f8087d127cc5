/* negative control: never reports a result (the harness must time out) */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    j test_main

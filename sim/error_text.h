/* The monitor's parts report errors as one line of text in a caller's buffer;
 * this writes it, and tolerates a caller that gave no buffer. */
#ifndef ERROR_TEXT_H
#define ERROR_TEXT_H

#include <stddef.h>

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void set_error(char *err, size_t errlen, const char *fmt, ...);

#endif

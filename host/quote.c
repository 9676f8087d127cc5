/* Text made safe for error messages (quote.h). */
#include "quote.h"

#include <stdio.h>
#include <string.h>

const char *quote(char out[QUOTE_SIZE], const char *text)
{
    size_t in, used = 0;

    for (in = 0; text[in] != '\0' && in < QUOTE_MAX; in++) {
        unsigned char c = (unsigned char)text[in];

        if (c == '\r')
            used += (size_t)sprintf(out + used, "\\r");
        else if (c == '\t')
            used += (size_t)sprintf(out + used, "\\t");
        else if (c < 0x20 || c == 0x7f)
            used += (size_t)sprintf(out + used, "\\x%02x", c);
        else
            out[used++] = (char)c;
    }
    strcpy(out + used, text[in] != '\0' ? "..." : "");
    return out;
}

/* The overlay's text and its glyph sprite words (overlay.h). */
#include "overlay.h"
#include "display_glyphs.h"
#include "display_regs.h"

static int glyph_code(char ch)
{
    static const char chars[] = DISPLAY_GLYPH_CHARS;
    int code;

    for (code = 0; chars[code] != '\0'; code++)
        if (chars[code] == ch)
            return code;
    return -1;
}

/* A glyph's sprite word: its box's centre at (x, y), code {CODE4, CODE3, HEADING}. */
static uint32_t glyph_word(int32_t x, int32_t y, uint32_t code, uint32_t role)
{
    return ((uint32_t)x & DISPLAY_SPRITE_X_MASK) << DISPLAY_SPRITE_X_SHIFT |
           ((uint32_t)y & DISPLAY_SPRITE_Y_MASK) << DISPLAY_SPRITE_Y_SHIFT |
           (code & DISPLAY_SPRITE_HEADING_MASK) << DISPLAY_SPRITE_HEADING_SHIFT |
           (code >> 3 & DISPLAY_SPRITE_CODE3_MASK) << DISPLAY_SPRITE_CODE3_SHIFT |
           (code >> 4 & DISPLAY_SPRITE_CODE4_MASK) << DISPLAY_SPRITE_CODE4_SHIFT |
           (role & DISPLAY_SPRITE_ROLE_MASK) << DISPLAY_SPRITE_ROLE_SHIFT |
           DISPLAY_SPRITE_GLYPH_MASK << DISPLAY_SPRITE_GLYPH_SHIFT;
}

uint32_t overlay_text(uint32_t *words, uint32_t max, const char *text, int32_t left, int32_t top,
                      uint32_t role)
{
    int32_t x = left + 3, y = top + 3; /* the box's centre */
    uint32_t n = 0;

    for (; *text != '\0' && n < max; text++) {
        int code = glyph_code(*text);
        if (*text == '\n') {
            x = left + 3;
            y += (int32_t)DISPLAY_GLYPH_LINE;
            continue;
        }
        if (code >= 0)
            words[n++] = glyph_word(x, y, (uint32_t)code, role);
        x += (int32_t)DISPLAY_GLYPH_ADVANCE;
    }
    return n;
}

/* Appends v in decimal at *at. */
static void put_number(char **at, uint32_t v)
{
    char digits[10];
    int k = 0;

    do {
        digits[k++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    while (k > 0)
        *(*at)++ = digits[--k];
}

static void put_string(char **at, const char *s)
{
    while (*s != '\0')
        *(*at)++ = *s++;
}

void overlay_figures(char *text, uint32_t boids, uint32_t fps_x10, uint32_t slowest_pct)
{
    char *at = text;

    put_number(&at, boids);
    put_string(&at, " boids ");
    put_number(&at, fps_x10 / 10u);
    *at++ = '.';
    put_number(&at, fps_x10 % 10u);
    put_string(&at, " fps\nslowest ");
    put_number(&at, slowest_pct);
    put_string(&at, "%");
    *at = '\0';
}

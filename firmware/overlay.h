/* The overlay: the board's own figures on screen, as glyph sprites of the
 * display's font (firmware/display_glyphs.h, drawn by the renderer like any
 * sprite). Text becomes sprite words; the figures become text. Portable C99,
 * no printf: the firmware has none. */
#ifndef OVERLAY_H
#define OVERLAY_H

#include <stdint.h>

/* Enough words for the figures' two lines (29 glyphs at most). */
#define OVERLAY_WORDS_MAX 32u
/* The figures' text with its NUL, at most: the widest numbers take 53 bytes. */
#define OVERLAY_TEXT_MAX 64u
/* The colour: sprite role 1 (scout group 1's amber), unlike a plain boid's. */
#define OVERLAY_ROLE 1u

/* The glyph sprite words of text, its first glyph's box at framebuffer
 * (left, top), a glyph every DISPLAY_GLYPH_ADVANCE columns; a space
 * advances, a '\n' starts the next line (DISPLAY_GLYPH_LINE rows down), any
 * character not in the font is skipped. At most max words; returns their
 * number. */
uint32_t overlay_text(uint32_t *words, uint32_t max, const char *text, int32_t left, int32_t top,
                      uint32_t role);

/* What the overlay says, as the simulators' report has it:
 *   "N boids F.F fps\nslowest P%"
 * fps_x10 frames a second times 10, slowest_pct the slowest turn's share of a
 * frame in percent (both rounded down). text holds OVERLAY_TEXT_MAX bytes. */
void overlay_figures(char *text, uint32_t boids, uint32_t fps_x10, uint32_t slowest_pct);

#endif

/* The monitor's window: the only SDL code in the project, behind four
 * functions (after LiteX sim_fb): open, show a picture, poll input, close. */
#ifndef VIDEO_WINDOW_H
#define VIDEO_WINDOW_H

#include <stddef.h>
#include <stdint.h>

typedef struct video_window video_window_t;

typedef enum { VIDEO_INPUT_QUIT, VIDEO_INPUT_KEY, VIDEO_INPUT_MOUSE } video_input_kind_t;

/* Keys without a character of their own; below ' ', so they never collide
 * with the printable characters the other keys give. */
enum video_key {
    VIDEO_KEY_ESCAPE = 1,
    VIDEO_KEY_UP,
    VIDEO_KEY_DOWN,
    VIDEO_KEY_LEFT,
    VIDEO_KEY_RIGHT,
    VIDEO_KEY_ENTER,
    VIDEO_KEY_BACKSPACE,
    VIDEO_KEY_TAB
};

typedef struct {
    video_input_kind_t kind;
    /* KEY: a printable character ('a'..'z', 'A'..'Z' with shift, '0'..'9',
     * ' ', '+', '-', '=', '[', ']', ',', '.', '/', '?') or an enum video_key. */
    int key;
    /* MOUSE: the pointer in picture pixels (zoom and scaling undone), whether
     * that is inside the picture, and the button pressed (1 left, 2 middle,
     * 3 right) or 0 for a move. */
    int x, y;
    int inside;
    int button;
} video_input_t;

/* A window of width * zoom by height * zoom. NULL with a message such as
 * "no display available (SDL: ...)" when there is no display: the caller
 * then runs headless. */
video_window_t *video_window_open(const char *title, int width, int height, int zoom, char *err,
                                  size_t errlen);
/* Shows a 0x00RRGGBB picture, scaled to fit the window (aspect kept, black
 * bars); title NULL leaves the title as it is, rgb NULL changes only the
 * title. -1 if SDL fails to draw. */
int video_window_show(video_window_t *w, const uint32_t *rgb, int width, int height,
                      const char *title);
/* 1 and *in filled for the next pending input, 0 when there is none. Closing
 * the window gives VIDEO_INPUT_QUIT. Other events are dropped. */
int video_window_poll(video_window_t *w, video_input_t *in);
void video_window_close(video_window_t *w);

#endif

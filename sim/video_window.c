/* The SDL2 window: a streaming texture the size of the picture, drawn scaled
 * to fit, and SDL events turned into the few inputs the monitor knows. */
#include "video_window.h"
#include "error_text.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct video_window {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    int texture_w, texture_h;
    SDL_Rect shown; /* where the picture was drawn, in renderer pixels */
};

/* Pixels stay square and sharp: nearest-neighbour scaling, XRGB texture. */
static int make_texture(video_window_t *w, int width, int height)
{
    if (w->texture != NULL)
        SDL_DestroyTexture(w->texture);
    w->texture = SDL_CreateTexture(w->renderer, SDL_PIXELFORMAT_RGB888,
                                   SDL_TEXTUREACCESS_STREAMING, width, height);
    if (w->texture == NULL)
        return -1;
    w->texture_w = width;
    w->texture_h = height;
    return 0;
}

/* SDL falls back to drivers that show nobody anything when there is no
 * display; those count only when the user asked for them by name. */
static int shows_pixels(void)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = getenv("SDL_VIDEODRIVER");

    if (driver == NULL)
        return 0;
    if (strcmp(driver, "offscreen") != 0 && strcmp(driver, "dummy") != 0)
        return 1;
    return asked != NULL && strcmp(asked, driver) == 0;
}

video_window_t *video_window_open(const char *title, int width, int height, int zoom, char *err,
                                  size_t errlen)
{
    video_window_t *w;

    if (width <= 0 || height <= 0 || zoom <= 0 || width > 8192 || height > 8192 || zoom > 16) {
        set_error(err, errlen, "window: cannot show %dx%d at zoom %d", width, height, zoom);
        return NULL;
    }
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        set_error(err, errlen, "no display available (SDL: %s)", SDL_GetError());
        return NULL;
    }
    if (!shows_pixels()) {
        set_error(err, errlen, "no display available (SDL found only its %s driver; set "
                               "SDL_VIDEODRIVER=%s to use it anyway)",
                  SDL_GetCurrentVideoDriver(), SDL_GetCurrentVideoDriver());
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return NULL;
    }
    w = calloc(1, sizeof *w);
    if (w == NULL) {
        set_error(err, errlen, "window: out of memory");
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return NULL;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest");
    w->window = SDL_CreateWindow(title ? title : "", SDL_WINDOWPOS_UNDEFINED,
                                 SDL_WINDOWPOS_UNDEFINED, width * zoom, height * zoom,
                                 SDL_WINDOW_RESIZABLE);
    if (w->window != NULL)
        w->renderer = SDL_CreateRenderer(w->window, -1, 0);
    if (w->renderer == NULL || make_texture(w, width, height) != 0) {
        set_error(err, errlen, "no display available (SDL: %s)", SDL_GetError());
        video_window_close(w);
        return NULL;
    }
    w->shown.w = width * zoom;
    w->shown.h = height * zoom;
    return w;
}

/* The largest rectangle of the picture's shape that fits the output, centred. */
static SDL_Rect fit(int out_w, int out_h, int width, int height)
{
    SDL_Rect r;

    if ((long long)out_w * height <= (long long)out_h * width) {
        r.w = out_w;
        r.h = (int)((long long)out_w * height / width);
    } else {
        r.h = out_h;
        r.w = (int)((long long)out_h * width / height);
    }
    r.x = (out_w - r.w) / 2;
    r.y = (out_h - r.h) / 2;
    return r;
}

int video_window_show(video_window_t *w, const uint32_t *rgb, int width, int height,
                      const char *title)
{
    int out_w, out_h;

    if (w == NULL)
        return -1;
    if (title != NULL)
        SDL_SetWindowTitle(w->window, title);
    if (rgb == NULL)
        return 0; /* just the title */
    if (width <= 0 || height <= 0)
        return -1;
    if ((width != w->texture_w || height != w->texture_h) && make_texture(w, width, height) != 0)
        return -1;
    if (SDL_UpdateTexture(w->texture, NULL, rgb, width * (int)sizeof *rgb) != 0 ||
        SDL_GetRendererOutputSize(w->renderer, &out_w, &out_h) != 0)
        return -1;
    w->shown = fit(out_w, out_h, width, height);
    SDL_SetRenderDrawColor(w->renderer, 0, 0, 0, 255);
    if (SDL_RenderClear(w->renderer) != 0 ||
        SDL_RenderCopy(w->renderer, w->texture, NULL, &w->shown) != 0)
        return -1;
    SDL_RenderPresent(w->renderer);
    return 0;
}

static int key_of(const SDL_KeyboardEvent *k)
{
    SDL_Keycode code = k->keysym.sym;
    int shift = (k->keysym.mod & KMOD_SHIFT) != 0;

    if (code >= SDLK_a && code <= SDLK_z)
        return shift ? (int)(code - SDLK_a) + 'A' : (int)code;
    if (code >= SDLK_0 && code <= SDLK_9)
        return (int)code;
    if (code >= SDLK_KP_1 && code <= SDLK_KP_9)
        return '1' + (int)(code - SDLK_KP_1);
    switch (code) {
    case SDLK_KP_0:
        return '0';
    case SDLK_SPACE:
        return ' ';
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
        return '+';
    case SDLK_EQUALS:
        return shift ? '+' : '='; /* '+' is shift-'=' on most layouts */
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
        return '-';
    case SDLK_LEFTBRACKET:
        return '[';
    case SDLK_RIGHTBRACKET:
        return ']';
    case SDLK_COMMA:
        return ',';
    case SDLK_PERIOD:
        return '.';
    case SDLK_SLASH:
        return shift ? '?' : '/';
    case SDLK_QUESTION:
        return '?';
    case SDLK_ESCAPE:
        return VIDEO_KEY_ESCAPE;
    case SDLK_UP:
        return VIDEO_KEY_UP;
    case SDLK_DOWN:
        return VIDEO_KEY_DOWN;
    case SDLK_LEFT:
        return VIDEO_KEY_LEFT;
    case SDLK_RIGHT:
        return VIDEO_KEY_RIGHT;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        return VIDEO_KEY_ENTER;
    case SDLK_BACKSPACE:
        return VIDEO_KEY_BACKSPACE;
    case SDLK_TAB:
        return VIDEO_KEY_TAB;
    default:
        return 0;
    }
}

/* Window coordinates to picture pixels: undo the high-DPI ratio between
 * window and renderer, then the fit. */
static void mouse_at(const video_window_t *w, int wx, int wy, video_input_t *in)
{
    int win_w, win_h, out_w, out_h;
    double ox, oy;

    SDL_GetWindowSize(w->window, &win_w, &win_h);
    if (SDL_GetRendererOutputSize(w->renderer, &out_w, &out_h) != 0 || win_w <= 0 || win_h <= 0) {
        out_w = win_w;
        out_h = win_h;
    }
    ox = win_w > 0 ? (double)wx * out_w / win_w : wx;
    oy = win_h > 0 ? (double)wy * out_h / win_h : wy;
    in->x = (int)SDL_floor((ox - w->shown.x) * w->texture_w / (w->shown.w > 0 ? w->shown.w : 1));
    in->y = (int)SDL_floor((oy - w->shown.y) * w->texture_h / (w->shown.h > 0 ? w->shown.h : 1));
    in->inside = in->x >= 0 && in->x < w->texture_w && in->y >= 0 && in->y < w->texture_h;
}

int video_window_poll(video_window_t *w, video_input_t *in)
{
    SDL_Event e;

    if (w == NULL || in == NULL)
        return 0;
    while (SDL_PollEvent(&e)) {
        SDL_memset(in, 0, sizeof *in);
        switch (e.type) {
        case SDL_QUIT:
            in->kind = VIDEO_INPUT_QUIT;
            return 1;
        case SDL_WINDOWEVENT:
            if (e.window.event != SDL_WINDOWEVENT_CLOSE)
                break;
            in->kind = VIDEO_INPUT_QUIT;
            return 1;
        case SDL_KEYDOWN:
            in->key = key_of(&e.key);
            if (in->key == 0)
                break;
            in->kind = VIDEO_INPUT_KEY;
            return 1;
        case SDL_MOUSEMOTION:
            in->kind = VIDEO_INPUT_MOUSE;
            mouse_at(w, e.motion.x, e.motion.y, in);
            return 1;
        case SDL_MOUSEBUTTONDOWN:
            in->kind = VIDEO_INPUT_MOUSE;
            mouse_at(w, e.button.x, e.button.y, in);
            in->button = e.button.button == SDL_BUTTON_LEFT     ? 1
                         : e.button.button == SDL_BUTTON_MIDDLE ? 2
                         : e.button.button == SDL_BUTTON_RIGHT  ? 3
                                                                : 0;
            if (in->button == 0)
                break;
            return 1;
        default:
            break;
        }
    }
    return 0;
}

void video_window_close(video_window_t *w)
{
    if (w == NULL)
        return;
    if (w->texture != NULL)
        SDL_DestroyTexture(w->texture);
    if (w->renderer != NULL)
        SDL_DestroyRenderer(w->renderer);
    if (w->window != NULL)
        SDL_DestroyWindow(w->window);
    free(w);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

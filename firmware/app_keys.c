/* The app's keys and their help (app.h), apart from the loop: a monitor
 * that only forwards keys (build/soc) needs these without the drivers. */
#include "app.h"

const char APP_KEYS_HELP[] =
    "  h or ?        this list\n"
    "  space         pause / resume\n"
    "  n             one step forward (pauses)\n"
    "  r             reset to the starting flock (scattered anew without its copy)\n"
    "  + / -         more / fewer boids (a quarter more, a fifth fewer)\n"
    "  m             a predator that follows the mouse, on / off\n"
    "  g             scout groups on / off\n"
    "  b             dynamic bias on / off\n"
#if FEATURE_OVERLAY
    "  o             the overlay on / off: boids, frames/s, the slowest turn\n"
#endif
    "";

int app_owns_key(int key)
{
    switch (key) {
    case 'h': case '?': case ' ': case 'n': case 'r': case '+': case '=': case '-': case 'g':
    case 'b': case 'm':
        return 1;
#if FEATURE_OVERLAY
    case 'o':
        return 1;
#endif
    default:
        return 0;
    }
}

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
    "  b             dynamic bias on / off\n";

int app_owns_key(int key)
{
    switch (key) {
    case 'h': case '?': case ' ': case 'n': case 'r': case '+': case '=': case '-': case 'g':
    case 'b': case 'm':
        return 1;
    default:
        return 0;
    }
}

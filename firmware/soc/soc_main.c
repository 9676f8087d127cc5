/* The standalone firmware: the same flock loop as the monitor's, on the SoC's
 * CPU. It takes its flock from the mailbox (soc_mailbox.h), then every frame
 * waits for vblank, reads the console keys, steps the flock, and hands it to
 * the display; it counts clock cycles per phase into the mailbox. */
#include <stddef.h>
#include <stdint.h>
#include "../display.h"
#include "../display_regs.h"
#include "../flock.h"
#include "../neighbors_accel.h"
#include "../neighbors_brute.h"
#include "../neighbors_grid.h"
#include "soc_csr.h"
#include "soc_flock_edit.h"
#include "soc_mailbox.h"
#include "soc_map.h"
#include "soc_uart.h"

void *memcpy(void *dst, const void *src, size_t n);

#define MAILBOX ((soc_mailbox_t *)SOC_MAILBOX_ADDR(SOC_RAM_BYTES))
#define STATUS_EVERY 600u /* frames between console status lines: 10 s */
#define REG(addr) (*(volatile uint32_t *)(addr))

/* start.S loads the stack pointer from here: the stack ends at the mailbox. */
const uint32_t soc_stack_top = SOC_MAILBOX_ADDR(SOC_RAM_BYTES);
extern char __heap_start[];

typedef struct {
    soc_mailbox_t *mb;
    flock_params_t params;
    flock_t flock;
    display_t display;
    neighbor_engine_t engine;
    neighbors_accel_t accel;
    neighbors_brute_t brute;
    neighbors_grid_t grid;
    neighbor_sums_t *sums;
    uint32_t capacity; /* flock members this build and the accelerator hold */
    uint32_t params_seq, mouse_seq;
    int paused, step, follow_mouse;
} app_t;

static uint32_t fail(soc_mailbox_t *mb, uint32_t code, const char *what)
{
    mb->state = SOC_FAILED;
    mb->error = code;
    uart_puts("boids soc: ");
    uart_puts(what);
    uart_puts("\n");
    return SOC_EXIT_FAILED;
}

/* An exception (start.S): print it and leave through EXIT. */
void soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval);
void soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval)
{
    uart_puts("\nboids soc: trap, mcause ");
    uart_puthex(mcause);
    uart_puts(" mepc ");
    uart_puthex(mepc);
    uart_puts(" mtval ");
    uart_puthex(mtval);
    uart_puts("\n");
    MAILBOX->state = SOC_FAILED;
    REG(SOC_CTRL_EXIT) = SOC_EXIT_TRAP | (mcause & 0xffffu);
    for (;;)
        __asm__ volatile("wfi");
}

static void add64(uint32_t *lo, uint32_t *hi, uint64_t v)
{
    uint64_t sum = ((uint64_t)*hi << 32 | *lo) + v;
    *lo = (uint32_t)sum;
    *hi = (uint32_t)(sum >> 32);
}

/* The flock as the rules see it: views of the mailbox's live arrays. */
static void view_flock(app_t *a)
{
    soc_flock_t *live = &a->mb->live;

    a->flock.n = live->n;
    a->flock.boid = live->boid;
    a->flock.role = live->role;
    a->flock.biasval = live->biasval;
    a->flock.n_predators = live->n_predators;
    a->flock.predator = live->predator;
}

static void restart(app_t *a)
{
    memcpy(&a->mb->live, &a->mb->start, sizeof a->mb->live);
    a->mb->steps_done = 0;
    view_flock(a);
}

/* Heap: from the end of .bss up to the stack. */
static void *heap_take(uint32_t bytes)
{
    static uintptr_t next;
    uintptr_t top = SOC_MAILBOX_ADDR(SOC_RAM_BYTES) - SOC_STACK_BYTES;
    void *p;

    if (next == 0)
        next = (uintptr_t)__heap_start;
    next = (next + 7u) & ~(uintptr_t)7u;
    if (bytes > top - next)
        return NULL;
    p = (void *)next;
    next += bytes;
    return p;
}

static uint32_t open_engine(app_t *a)
{
    a->capacity = SOC_BOIDS_MAX;
    if (a->mb->neighbors == SOC_NEIGHBORS_ACCEL) {
        if (neighbors_accel_init(&a->accel) != NEIGHBORS_OK)
            return fail(a->mb, 1, "the accelerator does not answer");
        if (a->accel.n_max < a->capacity)
            a->capacity = a->accel.n_max;
        a->engine = neighbors_accel_engine(&a->accel);
    } else if (a->mb->neighbors == SOC_NEIGHBORS_BRUTE) {
        a->engine = neighbors_brute_engine(&a->brute);
    } else {
        void *mem = heap_take((uint32_t)neighbors_grid_bytes(SOC_BOIDS_MAX));
        if (mem == NULL)
            return fail(a->mb, 2, "no RAM left for the grid");
        neighbors_grid_init(&a->grid, SOC_BOIDS_MAX, mem);
        a->engine = neighbors_grid_engine(&a->grid);
    }
    a->sums = heap_take(SOC_BOIDS_MAX * (uint32_t)sizeof *a->sums);
    if (a->sums == NULL)
        return fail(a->mb, 3, "no RAM left for the neighbor sums");
    return 0;
}

static void print_banner(app_t *a)
{
    uart_puts("boids soc: RV32IM at ");
    uart_put_fixed(REG(SOC_CTRL_CLOCK_HZ) / 10000u);
    uart_puts(" MHz, RAM ");
    uart_putu(REG(SOC_CTRL_RAM_BYTES) / 1024u);
    uart_puts(" KiB, image ");
    uart_putu((uint32_t)(uintptr_t)__heap_start / 1024u);
    uart_puts(" KiB; ");
    if (a->mb->neighbors == SOC_NEIGHBORS_ACCEL) {
        uart_puts("accelerator N_MAX ");
        uart_putu(a->accel.n_max);
        uart_puts(" LANES ");
        uart_putu(a->accel.lanes);
    } else {
        uart_puts(a->mb->neighbors == SOC_NEIGHBORS_BRUTE ? "software sums (brute)"
                                                          : "software sums (grid)");
    }
    uart_puts("\nboids soc: ");
    uart_putu(a->flock.n);
    uart_puts(" boids, ");
    uart_putu(a->flock.n_predators);
    uart_puts(" predators; keys: space n r + - g b m h\n");
}

/* Turns a second of board time, x100: turns * clock / cycles. */
static uint32_t fps_x100(uint32_t turns, uint64_t cycles)
{
    return cycles ? (uint32_t)((uint64_t)turns * 100u * REG(SOC_CTRL_CLOCK_HZ) / cycles) : 0;
}

static void print_status(app_t *a, const char *what)
{
    soc_mailbox_t *mb = a->mb;
    uint64_t step = (uint64_t)mb->cycles_step_hi << 32 | mb->cycles_step_lo;
    uint64_t draw = (uint64_t)mb->cycles_draw_hi << 32 | mb->cycles_draw_lo;
    uint64_t ret = (uint64_t)mb->instret_hi << 32 | mb->instret_lo;
    uint32_t loops = mb->stepping_loops ? mb->stepping_loops : 1;

    uart_puts("boids soc: ");
    uart_puts(what);
    uart_putu(mb->steps_done);
    uart_puts(" steps, ");
    uart_put_fixed(fps_x100(mb->stepping_loops - 1,
                            ((uint64_t)mb->last_wake_hi << 32 | mb->last_wake_lo) -
                                ((uint64_t)mb->first_wake_hi << 32 | mb->first_wake_lo)));
    uart_puts(" frames/s; a step ");
    uart_putu((uint32_t)(step / loops));
    uart_puts(" cycles, sprites ");
    uart_putu((uint32_t)(draw / loops));
    uart_puts(", CPI ");
    uart_put_fixed(ret ? (uint32_t)((step + draw) * 100u / ret) : 0);
    uart_puts("\n");
}

static void on_key(app_t *a, int key)
{
    switch (key) {
    case 'h': case '?':
        uart_puts("keys: space pause, n one step, r restart, + / - more / fewer boids,\n"
                  "      g scout groups, b dynamic bias, m predator at the mouse, h this\n");
        break;
    case ' ': a->paused = !a->paused; break;
    case 'n': a->paused = 1; a->step = 1; break;
    case 'r': restart(a); break;
    case '+': case '=':
        flock_edit_resize(&a->mb->live, a->capacity, &a->params, a->mb->seed + a->mb->loops, 1);
        break;
    case '-':
        flock_edit_resize(&a->mb->live, a->capacity, &a->params, 0, 0);
        break;
    case 'g': flock_edit_toggle_scouts(&a->mb->live, &a->mb->start, a->mb->biasval); break;
    case 'b': a->params.dynamic_bias = !a->params.dynamic_bias; break;
    case 'm':
        a->follow_mouse = !a->follow_mouse;
        if (a->follow_mouse)
            flock_edit_add_predator(&a->mb->live, &a->params);
        break;
    default: break;
    }
    view_flock(a);
}

/* Host writes that arrive while running: parameters and the mouse. */
static void take_host_changes(app_t *a)
{
    soc_mailbox_t *mb = a->mb;

    if (mb->params_seq != a->params_seq) {
        a->params_seq = mb->params_seq;
        a->params = mb->params;
    }
    if (mb->mouse_seq != a->mouse_seq) {
        a->mouse_seq = mb->mouse_seq;
        if (a->follow_mouse)
            flock_edit_predator_to(&mb->live, mb->mouse_x, mb->mouse_y);
    }
}

static uint32_t run(app_t *a)
{
    soc_mailbox_t *mb = a->mb;
    int key, rc;

    for (;;) {
        uint64_t c0 = soc_read_mcycle(), c1, c2, c3, i0, i1;
        int stepping;

        if ((rc = display_wait_frame(&a->display)) != DISPLAY_OK)
            return fail(mb, 10, "the display gives no frames");
        mb->loops++;
        mb->frame = a->display.frame;
        while ((key = uart_getc()) >= 0)
            on_key(a, key);
        take_host_changes(a);
        stepping = !a->paused || a->step;
        c1 = soc_read_mcycle();
        i0 = soc_read_minstret();
        if (stepping) {
            if ((rc = flock_step(&a->flock, &a->params, &a->engine, a->sums)) != 0)
                return fail(mb, 11, "the neighbor engine failed");
            a->step = 0;
            mb->steps_done++;
        }
        c2 = soc_read_mcycle();
        if ((rc = display_draw(&a->display, &a->flock)) != DISPLAY_OK)
            return fail(mb, 12, "the display refused the flock");
        c3 = soc_read_mcycle();
        i1 = soc_read_minstret();
        if (stepping && mb->loops > 1) {
            if (mb->stepping_loops++ == 0) {
                mb->first_wake_lo = (uint32_t)c1;
                mb->first_wake_hi = (uint32_t)(c1 >> 32);
            }
            mb->last_wake_lo = (uint32_t)c1;
            mb->last_wake_hi = (uint32_t)(c1 >> 32);
            add64(&mb->cycles_wait_lo, &mb->cycles_wait_hi, c1 - c0);
            add64(&mb->cycles_step_lo, &mb->cycles_step_hi, c2 - c1);
            add64(&mb->cycles_draw_lo, &mb->cycles_draw_hi, c3 - c2);
            add64(&mb->instret_lo, &mb->instret_hi, i1 - i0);
        }
        if (mb->steps != 0 && mb->steps_done >= mb->steps) {
            print_status(a, "done: ");
            mb->state = SOC_HALTED;
            return SOC_EXIT_OK;
        }
        if (mb->loops % STATUS_EVERY == 0)
            print_status(a, "");
    }
}

int main(void)
{
    static app_t a;
    uint32_t rc;

    a.mb = MAILBOX;
    a.mb->state = SOC_BOOTING;
    if (REG(SOC_CTRL_ID) != SOC_ID_VALUE || REG(SOC_CTRL_RAM_BYTES) != SOC_RAM_BYTES)
        return fail(a.mb, 20, "built for another SoC (ID or RAM size differs)");
    if (a.mb->magic != SOC_MAILBOX_MAGIC)
        return fail(a.mb, 24, "no flock in the mailbox: a host loads one through the host "
                              "port, or bake one into the RAM image (build/soc --write-image)");
    if (a.mb->layout != sizeof(soc_mailbox_t))
        return fail(a.mb, 21, "the mailbox layout differs from the host's");
    if ((rc = open_engine(&a)) != 0)
        return (int)rc;
    if (display_init(&a.display, SYSTEM_DISPLAY_BASE) != DISPLAY_OK)
        return fail(a.mb, 22, "the display does not answer");
    a.params = a.mb->params;
    a.params_seq = a.mb->params_seq;
    a.mouse_seq = a.mb->mouse_seq;
    a.paused = a.mb->paused != 0;
    restart(&a);
    if (a.flock.n > a.capacity || a.flock.n + a.flock.n_predators > a.display.sprites_max ||
        a.flock.n_predators > SOC_PREDATORS_MAX)
        return fail(a.mb, 23, "the flock is larger than the accelerator or display holds");
    display_set_world(&a.display, a.params.world_w, a.params.world_h);
    a.mb->display_shift = a.display.shift;
    print_banner(&a);
    a.mb->state = SOC_RUNNING;
    return (int)run(&a);
}

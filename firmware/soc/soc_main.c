/* The standalone firmware: the app's loop (../app.h) on the SoC's CPU. What
 * the SoC adds: the boot checks, the flock and parameters from the mailbox
 * (soc_mailbox.h) and the results back into it, the UART as the console and
 * the keys' way in, and EXIT after the steps the host asked for. */
#include <stddef.h>
#include <stdint.h>
#include "../app.h"
#include "soc_csr.h"
#include "soc_mailbox.h"
#include "soc_map.h"
#include "soc_uart.h"

#define MAILBOX ((soc_mailbox_t *)SOC_MAILBOX_ADDR(SOC_RAM_BYTES))
#define REG(addr) (*(volatile uint32_t *)(addr))
/* The accelerator sorts a flock above this times LANES boids: where its
 * brute-force batch (N^2 / LANES cycles) starts to hold up the CPU's pass
 * (about 210 cycles a boid). Measured on build/soc with 8 lanes over 300
 * steps: brute force keeps more frames at 1,600 boids, the sort at 1,664
 * (docs/performance.md). */
#ifndef SOC_SORT_CPU_CYCLES
#define SOC_SORT_CPU_CYCLES 204u /* the Makefile gives it */
#endif

/* start.S loads the stack pointer from here: the stack ends at the mailbox. */
const uint32_t soc_stack_top = SOC_MAILBOX_ADDR(SOC_RAM_BYTES);
extern char __heap_start[];

static void uart_write(void *ctx, const char *text)
{
    (void)ctx;
    uart_puts(text);
}

static const console_t UART_CONSOLE = {uart_write, NULL};

typedef struct {
    soc_mailbox_t *mb;
    app_t app;
    uint32_t params_seq, mouse_seq; /* the host's changes taken so far */
} soc_t;

static uint32_t fail(soc_mailbox_t *mb, int code, const char *what)
{
    mb->state = SOC_FAILED;
    mb->error = (uint32_t)code;
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
    console_puthex(&UART_CONSOLE, mcause);
    uart_puts(" mepc ");
    console_puthex(&UART_CONSOLE, mepc);
    uart_puts(" mtval ");
    console_puthex(&UART_CONSOLE, mtval);
    uart_puts("\n");
    MAILBOX->state = SOC_FAILED;
    REG(SOC_CTRL_EXIT) = SOC_EXIT_TRAP | (mcause & 0xffffu);
    for (;;)
        __asm__ volatile("wfi");
}

static uint64_t read_mcycle(void *ctx)
{
    (void)ctx;
    return soc_read_mcycle();
}

static uint64_t read_minstret(void *ctx)
{
    (void)ctx;
    return soc_read_minstret();
}

/* Heap: from the end of .bss up to the stack. */
static uintptr_t heap_next;

/* Heap kept beside the software engines' per-boid arrays: the grid's cells. */
#define SOC_HEAP_SPARE 256u

static uint32_t heap_room(void)
{
    uintptr_t top = SOC_MAILBOX_ADDR(SOC_RAM_BYTES) - SOC_STACK_BYTES;

    if (heap_next == 0)
        heap_next = (uintptr_t)__heap_start;
    heap_next = (heap_next + 7u) & ~(uintptr_t)7u;
    return heap_next < top ? (uint32_t)(top - heap_next) : 0;
}

static void *heap_take(uint32_t bytes)
{
    void *p;

    if (bytes > heap_room())
        return NULL;
    p = (void *)heap_next;
    heap_next += bytes;
    return p;
}

static void set64(uint32_t *lo_hi, uint64_t v)
{
    lo_hi[0] = (uint32_t)v;
    lo_hi[1] = (uint32_t)(v >> 32);
}

/* Once a turn, right after the frame began: the console's keys, the host's
 * changes, then the turn's number. The host paces --keys by it, so a key it
 * sends after seeing turn k's number is the next turn's: a key's answer on
 * the console takes longer than the next key's bytes. */
static int take_input(void *ctx, app_t *a)
{
    soc_t *s = ctx;
    soc_mailbox_t *mb = s->mb;
    int key;

    while ((key = uart_getc()) >= 0)
        app_key(a, key);
    if (mb->params_seq != s->params_seq) {
        s->params_seq = mb->params_seq;
        app_set_params(a, &mb->params);
    }
    if (mb->mouse_seq != s->mouse_seq) {
        s->mouse_seq = mb->mouse_seq;
        app_mouse(a, &mb->mouse);
    }
    mb->frame = a->display.frame;
    mb->loops = a->loops;
    return 0;
}

/* After a turn: the live flock's size and the counters, for the host. */
static void publish(soc_t *s)
{
    soc_mailbox_t *mb = s->mb;
    const app_t *a = &s->app;

    mb->live.n = a->flock.n;
    mb->live.n_predators = a->flock.n_predators;
    mb->steps_done = a->steps_done;
    mb->stepping_loops = a->stepping_loops;
    set64(&mb->cycles_step_lo, a->cycles_step);
    set64(&mb->cycles_draw_lo, a->cycles_draw);
    set64(&mb->cycles_wait_lo, a->cycles_wait);
    set64(&mb->instret_lo, a->instret);
    set64(&mb->first_wake_lo, a->first_wake);
    set64(&mb->last_wake_lo, a->last_wake);
    set64(&mb->sum_waits_lo, a->accel.waits);
    set64(&mb->turn_max_lo, a->cycles_turn_max);
}

/* The app on the mailbox's arrays: it reads start, runs in live. */
static int open_app(soc_t *s)
{
    soc_mailbox_t *mb = s->mb;
    app_config_t c = {0};
    uint32_t grid_bytes, bins_bytes;

    c.engine = (int)mb->neighbors;
    c.params = mb->params;
#if SOC_START_COPY
    c.start.n = mb->start.n;
    c.start.boid = mb->start.boid;
    c.start.role = mb->start.role;
    c.start.biasval = mb->start.biasval;
    c.start.n_predators = mb->start.n_predators;
    c.start.predator = mb->start.predator;
#else /* the host loaded live; the start is its size alone */
    c.start.n = mb->live.n;
    c.start.n_predators = mb->live.n_predators;
#endif
    c.capacity = SOC_BOIDS_MAX;
    c.sort_cpu_cycles = SOC_SORT_CPU_CYCLES;
    c.predators_max = SOC_PREDATORS_MAX;
    c.boid = mb->live.boid;
    c.role = mb->live.role;
    c.biasval = mb->live.biasval;
    c.predator = mb->live.predator;
    if (app_needs_sums(&c)) {
        /* The software engines' sums, and the grid's two slots a boid: as
         * many boids as the heap holds, up to SOC_BOIDS_MAX. A board whose
         * RAM is sized for the accelerator (the ULX3S) flies fewer with them. */
        uint32_t per_boid = (uint32_t)sizeof *c.sums + 2u * (uint32_t)sizeof(uint16_t);
        uint32_t room = heap_room();
        uint32_t fits = room > SOC_HEAP_SPARE ? (room - SOC_HEAP_SPARE) / per_boid : 0;

        if (fits < c.capacity)
            c.capacity = fits;
        c.sums = c.capacity > 0 ? heap_take(c.capacity * (uint32_t)sizeof *c.sums) : NULL;
    }
    grid_bytes = (uint32_t)app_grid_bytes(&c, heap_room());
    if (grid_bytes > 0)
        c.grid_mem = heap_take(grid_bytes);
    /* the binned batch's arrays if the build asks (SOC_BINS: on this CPU the
     * sort costs more than the batch saves, docs/soc.md) and the RAM holds
     * them; else plain batches */
    bins_bytes = SOC_BINS ? (uint32_t)app_bins_bytes(&c) : 0;
    if (bins_bytes > 0)
        c.bins_mem = heap_take(bins_bytes);
    c.scout_bias = mb->biasval;
    c.seed = mb->seed;
    c.paused = mb->paused != 0;
    c.overlay = mb->overlay != 0;
    c.console = UART_CONSOLE;
    c.name = "boids soc";
    c.clock.cycles = read_mcycle;
    c.clock.instret = read_minstret;
    c.clock.hz = REG(SOC_CTRL_CLOCK_HZ);
    c.input = take_input;
    c.input_ctx = s;
    s->params_seq = mb->params_seq;
    s->mouse_seq = mb->mouse_seq;
    return app_open(&s->app, &c);
}

static void print_banner(const soc_t *s)
{
    const app_t *a = &s->app;

    uart_puts("boids soc: RV32IM at ");
    console_put_fixed(&UART_CONSOLE, REG(SOC_CTRL_CLOCK_HZ) / 10000u);
    uart_puts(" MHz, RAM ");
    console_putu(&UART_CONSOLE, REG(SOC_CTRL_RAM_BYTES) / 1024u);
    uart_puts(" KiB, image ");
    console_putu(&UART_CONSOLE, (uint32_t)(uintptr_t)__heap_start / 1024u);
    uart_puts(" KiB; ");
    if (FEATURE_ACCEL && s->mb->neighbors == APP_ENGINE_ACCEL) { /* none: not built in */
        uart_puts("accelerator N_MAX ");
        console_putu(&UART_CONSOLE, a->accel.n_max);
        uart_puts(" LANES ");
        console_putu(&UART_CONSOLE, a->accel.lanes);
        if (a->sorting) {
            uart_puts(", the accelerator sorts flocks above ");
            console_putu(&UART_CONSOLE, a->sort_cpu_cycles * a->accel.lanes);
        } else if (a->binning)
            uart_puts(", binned batches");
    } else {
        uart_puts("software sums (");
        uart_puts(a->engine.name);
        if (a->engine.ctx == &a->grid) { /* its memory may have cut the cells */
            uart_puts(", ");
            console_putu(&UART_CONSOLE, a->grid.cells_max);
            uart_puts(" cells");
        }
        uart_puts(")");
    }
    uart_puts("\n");
    app_print_flock(a);
}

static uint32_t run(soc_t *s)
{
    soc_mailbox_t *mb = s->mb;
    int rc;

    for (;;) {
        if ((rc = app_turn(&s->app)) != APP_OK)
            return fail(mb, rc, app_error(rc));
        publish(s);
        if (mb->steps != 0 && s->app.steps_done >= mb->steps) {
            app_print_status(&s->app, "done: ");
            mb->state = SOC_HALTED;
            return SOC_EXIT_OK;
        }
    }
}

int main(void)
{
    static soc_t s;
    int rc;

    s.mb = MAILBOX;
    s.mb->state = SOC_BOOTING;
    if (REG(SOC_CTRL_ID) != SOC_ID_VALUE || REG(SOC_CTRL_RAM_BYTES) != SOC_RAM_BYTES)
        return (int)fail(s.mb, 20, "built for another SoC (ID or RAM size differs)");
    if (s.mb->magic != SOC_MAILBOX_MAGIC)
        return (int)fail(s.mb, 24, "no flock in the mailbox: a host loads one through the host "
                                   "port, or bake one into the RAM image (build/soc --write-image)");
    if (s.mb->layout != sizeof(soc_mailbox_t))
        return (int)fail(s.mb, 21, "the mailbox layout differs from the host's");
    if ((rc = open_app(&s)) == APP_E_CAPACITY && s.app.start.n > s.app.capacity) {
        uart_puts("boids soc: the RAM holds the neighbour sums of ");
        console_putu(&UART_CONSOLE, s.app.capacity);
        uart_puts(" boids: fly fewer, or --neighbors accel\n");
        s.mb->state = SOC_FAILED;
        s.mb->error = (uint32_t)rc;
        return SOC_EXIT_FAILED;
    }
    if (rc != APP_OK)
        return (int)fail(s.mb, rc, app_error(rc));
    publish(&s);
    print_banner(&s);
    s.mb->state = SOC_RUNNING;
    return (int)run(&s);
}

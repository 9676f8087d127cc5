/* The lockstep checker (tests/cpu/iss/lockstep.c) on record streams the ISS makes
 * itself: a correct stream passes whole; each kind of corrupted record (pc, insn, a
 * register write, a trap, an interrupt where none can be taken, a record missing) is
 * flagged at that record, with the message naming it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cpu/iss/lockstep.h"

#define RAM_BYTES 4096u
#define DEVICE 0x10000000u              /* reads: a value only the "RTL" knows */
#define STREAM_MAX 400

/* encoders of the few instructions the program needs */
static uint32_t enc_i(unsigned op, unsigned f3, unsigned rd, unsigned rs1, int32_t imm)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t enc_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x33u;
}
static uint32_t enc_s(unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
    return (uint32_t)(imm >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12
           | (uint32_t)(imm & 31) << 7 | 0x23u;
}
static uint32_t enc_b(unsigned f3, unsigned rs1, unsigned rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1u) << 31 | (u >> 5 & 63u) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12
           | (u >> 1 & 15u) << 8 | (u >> 11 & 1u) << 7 | 0x63u;
}
static uint32_t enc_csr(unsigned f3, unsigned rd, unsigned csr, unsigned rs1)
{
    return csr << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x73u;
}

enum { A0 = 10, A1 = 11, A2 = 12, A3 = 13, A4 = 14, A5 = 15, T0 = 5, T1 = 6, T2 = 7 };

typedef struct {
    uint8_t ram[RAM_BYTES];
    int device_known;                   /* 1: device reads are the model's (the "RTL") */
    uint32_t device_reads;
} machine;

static int m_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value)
{
    machine *m = ctx;
    *value = 0;
    if (addr < RAM_BYTES) {
        for (unsigned i = 0; i < size; i++)
            *value |= (uint32_t)m->ram[addr + i] << (8 * i);
        return RV32_BUS_OK;
    }
    if (addr == DEVICE) {
        *value = 0xcafe0000u + m->device_reads++;
        return m->device_known ? RV32_BUS_OK : RV32_BUS_UNKNOWN;
    }
    return RV32_BUS_FAULT;
}

static int m_write(void *ctx, uint32_t addr, unsigned size, uint32_t value)
{
    machine *m = ctx;
    if (addr >= RAM_BYTES)
        return RV32_BUS_FAULT;
    for (unsigned i = 0; i < size; i++)
        m->ram[addr + i] = (uint8_t)(value >> (8 * i));
    return RV32_BUS_OK;
}

/* A program with a loop, a device load, an mcycle read, a store and load, a multiply,
 * an ecall and a load fault (handled at 0x200), then interrupts enabled, in a loop. */
static void load_program(machine *m)
{
    static uint32_t prog[64];
    unsigned n = 0;
    memset(m, 0, sizeof *m);
    prog[n++] = enc_i(0x13, 0, A0, 0, 5);                 /* 0x00 addi a0, zero, 5 */
    prog[n++] = enc_i(0x13, 0, A1, 0, 0);                 /* 0x04 addi a1, zero, 0 */
    prog[n++] = enc_r(0, A0, A1, 0, A1);                  /* 0x08 add a1, a1, a0 */
    prog[n++] = enc_i(0x13, 0, A0, A0, -1);               /* 0x0c addi a0, a0, -1 */
    prog[n++] = enc_b(1, A0, 0, -8);                      /* 0x10 bne a0, zero, 0x08 */
    prog[n++] = 0x10000000u | T0 << 7 | 0x37u;            /* 0x14 lui t0, 0x10000 */
    prog[n++] = enc_i(0x03, 2, A2, T0, 0);                /* 0x18 lw a2, 0(t0): device */
    prog[n++] = enc_csr(2, A3, 0xb00, 0);                 /* 0x1c csrr a3, mcycle */
    prog[n++] = enc_s(2, 0, A1, 0x300);                   /* 0x20 sw a1, 0x300(zero) */
    prog[n++] = enc_i(0x03, 2, A4, 0, 0x300);             /* 0x24 lw a4, 0x300(zero) */
    prog[n++] = enc_r(1, A4, A4, 0, A5);                  /* 0x28 mul a5, a4, a4 */
    prog[n++] = enc_i(0x13, 0, T1, 0, 0x200);             /* 0x2c addi t1, zero, 0x200 */
    prog[n++] = enc_csr(1, 0, 0x305, T1);                 /* 0x30 csrw mtvec, t1 */
    prog[n++] = 0x00000073u;                              /* 0x34 ecall */
    prog[n++] = enc_i(0x03, 2, A2, T0, 4);                /* 0x38 lw a2, 4(t0): a fault */
    prog[n++] = 0x00010000u | T1 << 7 | 0x37u;            /* 0x3c lui t1, 0x10 (mie bit 16) */
    prog[n++] = enc_csr(1, 0, 0x304, T1);                 /* 0x40 csrw mie, t1 */
    prog[n++] = enc_csr(6, 0, 0x300, 8);                  /* 0x44 csrsi mstatus, 8 */
    prog[n++] = enc_i(0x13, 0, A0, A0, 1);                /* 0x48 addi a0, a0, 1 */
    prog[n++] = enc_b(0, 0, 0, -4);                       /* 0x4c beq zero, zero, 0x48 */
    for (unsigned i = 0; i < n; i++)
        m_write(m, 4 * i, 4, prog[i]);
    /* the handler: skip the instruction (exceptions), or drop the line (interrupts) */
    uint32_t h[] = {
        enc_csr(2, T2, 0x342, 0),                         /* csrr t2, mcause */
        enc_b(4, T2, 0, 16),                              /* blt t2, zero, +16 */
        enc_csr(2, T2, 0x341, 0),                         /* csrr t2, mepc */
        enc_i(0x13, 0, T2, T2, 4),                        /* addi t2, t2, 4 */
        enc_csr(1, 0, 0x341, T2),                         /* csrw mepc, t2 */
        0x30200073u,                                      /* mret */
    };
    for (unsigned i = 0; i < sizeof h / sizeof h[0]; i++)
        m_write(m, 0x200 + 4 * i, 4, h[i]);
}

/* The "RTL": the ISS on its own, its line 0 raised for one step at steps 60 and 90. */
static unsigned make_stream(rv32_record *out, unsigned count)
{
    static machine m;
    load_program(&m);
    m.device_known = 1;
    rv32_bus bus = {&m, m_read, m_write};
    rv32_hart h;
    rv32_init(&h, &bus, 0, 2);
    for (unsigned i = 0; i < count; i++) {
        rv32_set_irq_lines(&h, i == 60 || i == 90 ? 1u : 0u);
        rv32_step(&h, &out[i], NULL);
    }
    return count;
}

/* Checks a stream with a fresh checker: the index of the first record flagged, or -1. */
static int check_stream(const rv32_record *s, unsigned count, char *msg, size_t size)
{
    static machine m;
    static lockstep ls;
    load_program(&m);
    rv32_bus bus = {&m, m_read, m_write};
    lockstep_init(&ls, &bus, 0, 2);
    for (unsigned i = 0; i < count; i++) {
        if (lockstep_check(&ls, &s[i]) != 0) {
            snprintf(msg, size, "%s", ls.message);
            return (int)i;
        }
    }
    return -1;
}

static rv32_record stream[STREAM_MAX];
static unsigned stream_len;

static int setup(void **state)
{
    (void)state;
    stream_len = make_stream(stream, 200);
    return 0;
}

/* The stream really holds what the corruptions need. */
static void test_stream_has_every_kind(void **state)
{
    unsigned traps = 0, irqs = 0, faults = 0, writes = 0;
    (void)state;
    for (unsigned i = 0; i < stream_len; i++) {
        traps += stream[i].trap && !stream[i].irq;
        irqs += stream[i].irq;
        faults += stream[i].trap && stream[i].cause == 5;
        writes += stream[i].rd_we;
    }
    assert_true(traps >= 2);
    assert_int_equal(irqs, 2);
    assert_int_equal(faults, 1);
    assert_true(writes > 50);
}

static void test_correct_stream_passes(void **state)
{
    char msg[800] = "";
    (void)state;
    assert_int_equal(check_stream(stream, stream_len, msg, sizeof msg), -1);
    assert_string_equal(msg, "");
}

/* the first record that matches pred, from index from on */
static unsigned find(int (*pred)(const rv32_record *), unsigned from)
{
    for (unsigned i = from; i < stream_len; i++)
        if (pred(&stream[i]))
            return i;
    fail_msg("no such record");
    return 0;
}
static int is_write(const rv32_record *r) { return r->rd_we; }
static int is_exception(const rv32_record *r) { return r->trap && !r->irq; }
static int is_irq(const rv32_record *r) { return r->irq; }
static int is_device_load(const rv32_record *r) { return r->insn == 0x0002a603u && r->rd_we; }
static int is_mcycle_read(const rv32_record *r) { return r->insn == 0xb00026f3u; }

/* corrupts a copy of the stream at record i and checks it is flagged there */
static void expect_flagged(unsigned i, void (*corrupt)(rv32_record *), const char *field)
{
    static rv32_record copy[STREAM_MAX];
    char msg[800] = "", want[32];
    memcpy(copy, stream, sizeof copy);
    corrupt(&copy[i]);
    assert_int_equal(check_stream(copy, stream_len, msg, sizeof msg), (int)i);
    snprintf(want, sizeof want, "record %u:", i);
    assert_non_null(strstr(msg, want));
    assert_non_null(strstr(msg, field));
}

static void bad_pc(rv32_record *r) { r->pc += 4; }
static void bad_insn(rv32_record *r) { r->insn ^= 1u << 20; }
static void bad_data(rv32_record *r) { r->rd_data ^= 0x100u; }
static void bad_rd(rv32_record *r) { r->rd ^= 1u; }
static void no_write(rv32_record *r) { r->rd_we = false; }
static void bad_cause(rv32_record *r) { r->cause ^= 1u; }
static void not_trap(rv32_record *r) { r->trap = false; r->cause = 0; }
static void bad_irq_line(rv32_record *r) { r->cause = 17; }

static void test_corrupted_records_flagged(void **state)
{
    (void)state;
    expect_flagged(find(is_write, 3), bad_pc, "pc expected");
    expect_flagged(find(is_write, 3), bad_insn, "insn expected");
    expect_flagged(find(is_write, 7), bad_data, "rd_data expected");
    expect_flagged(find(is_write, 7), bad_rd, "rd expected");
    expect_flagged(find(is_write, 7), no_write, "rd_we expected");
    expect_flagged(find(is_exception, 0), bad_cause, "cause expected");
    expect_flagged(find(is_exception, 0), not_trap, "trap expected");
    /* line 1 is not enabled in mie: the ISS refuses to take it */
    expect_flagged(find(is_irq, 0), bad_irq_line, "cannot take");
}

/* An interrupt reported where MIE is still off is flagged. */
static void test_early_interrupt_flagged(void **state)
{
    static rv32_record copy[STREAM_MAX];
    char msg[800] = "";
    (void)state;
    memcpy(copy, stream, sizeof copy);
    unsigned i = 20;                    /* the loop at the start: interrupts off */
    rv32_record irq = {copy[i].pc, 0, true, true, 16, false, 0, 0};
    memmove(&copy[i + 1], &copy[i], (stream_len - i - 1) * sizeof copy[0]);
    copy[i] = irq;
    assert_int_equal(check_stream(copy, stream_len, msg, sizeof msg), (int)i);
    assert_non_null(strstr(msg, "cannot take"));
}

/* A record missing (the RTL skipped an instruction) shows up at once. */
static void test_missing_record_flagged(void **state)
{
    static rv32_record copy[STREAM_MAX];
    char msg[800] = "";
    (void)state;
    unsigned i = find(is_write, 10);
    memcpy(copy, stream, sizeof copy);
    memmove(&copy[i], &copy[i + 1], (stream_len - i - 1) * sizeof copy[0]);
    assert_int_equal(check_stream(copy, stream_len - 1, msg, sizeof msg), (int)i);
    assert_non_null(strstr(msg, "pc expected"));
}

/* What only the RTL knows (a device's value, mcycle) is taken from it, not flagged,
 * and then used: the ISS goes on with the RTL's value. */
static void test_unknowable_values_taken(void **state)
{
    static rv32_record copy[STREAM_MAX];
    char msg[800] = "";
    (void)state;
    memcpy(copy, stream, sizeof copy);
    copy[find(is_device_load, 0)].rd_data = 0x12345678u;
    copy[find(is_mcycle_read, 0)].rd_data = 0x77u;
    assert_int_equal(check_stream(copy, stream_len, msg, sizeof msg), -1);
}

/* The message names the instruction in words. */
static void test_message_disassembles(void **state)
{
    static rv32_record copy[STREAM_MAX];
    char msg[800] = "";
    (void)state;
    memcpy(copy, stream, sizeof copy);
    unsigned i = 2;                     /* add a1, a1, a0 */
    copy[i].rd_data += 1;
    assert_int_equal(check_stream(copy, stream_len, msg, sizeof msg), 2);
    assert_non_null(strstr(msg, "(add a1, a1, a0)"));
    assert_non_null(strstr(msg, "rd_data expected 0x00000005, got 0x00000006"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stream_has_every_kind),
        cmocka_unit_test(test_correct_stream_passes),
        cmocka_unit_test(test_corrupted_records_flagged),
        cmocka_unit_test(test_early_interrupt_flagged),
        cmocka_unit_test(test_missing_record_flagged),
        cmocka_unit_test(test_unknowable_values_taken),
        cmocka_unit_test(test_message_disassembles),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

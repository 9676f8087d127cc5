// tb_cpu: runs one CPU test program (tests/cpu/*.S) on cpu_test_top under Icarus:
// prints the program's console output, then PASS or FAIL with the failing check's
// number; fails ($fatal) on a failed check or when MAX_CYCLES pass without a result.
`timescale 1ns / 1ps
`default_nettype none

// Run (the make rules of tests/cpu/rules.mk do this for every program):
//   iverilog -g2012 -I rtl -I tests/rtl -y rtl -P tb_cpu.HEX='"prog.hex"' \
//       -o tb tests/rtl/tb_cpu.v tests/cpu/cpu_test_top.v
//   vvp -N tb [+MAX_CYCLES=n] [+WAIT_SEED=n] [+TRACE] [+WAVES] [+DUMPFILE=path]
// +WAIT_SEED=n: random bus waits on both ports from seed n (cpu_test_top); +TRACE: print
// the CPU's retire trace, one line an instruction or trap.
// HEX becomes soc_ram's INIT_FILE; +HEX=file at run time loads another image.
module tb_cpu;

    parameter HEX = "";                             // $readmemh image of the program
    parameter integer MAX_CYCLES = 2000000;
    parameter integer DIV_PAIR_SHORTCUT = 1;        // cpu_div's option (the iCEBreaker's is 0)
    parameter integer FETCH_REG = 0;                // 1: fetches answered a cycle later (the ULX3S's RAM)

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #20 clk = !clk;                          // 25 MHz

    wire        done, con_valid, sleeping;
    wire [31:0] result;
    wire [7:0]  con_char;
    wire        t_valid, t_trap, t_irq, t_rd_we;
    wire [31:0] t_pc, t_insn, t_rd_data;
    wire [4:0]  t_cause, t_rd;

    cpu_test_top #(
        .INIT_FILE(HEX),
        .DIV_PAIR_SHORTCUT(DIV_PAIR_SHORTCUT),
        .FETCH_REG(FETCH_REG)
    ) dut (
        .clk(clk), .rst(rst), .done(done), .result(result),
        .con_valid(con_valid), .con_char(con_char), .sleeping(sleeping),
        .trace_valid(t_valid), .trace_pc(t_pc), .trace_insn(t_insn), .trace_trap(t_trap),
        .trace_cause(t_cause), .trace_irq(t_irq), .trace_rd_we(t_rd_we), .trace_rd(t_rd),
        .trace_rd_data(t_rd_data));

`define TB_NAME "tb_cpu"
`include "tb_waves.vh"

    integer max_cycles = MAX_CYCLES;
    integer cycles = 0, slept = 0;
    reg     show_trace = 1'b0;

    always @(posedge clk) begin
        if (con_valid) $write("%c", con_char);
        if (show_trace && t_valid) begin
            if (t_trap) $display("trace %0d: %h %h trap %0s %0d", cycles, t_pc, t_insn,
                                 t_irq ? "irq" : "exc", t_cause);
            else if (t_rd_we) $display("trace %0d: %h %h x%0d = %h", cycles, t_pc, t_insn, t_rd, t_rd_data);
            else $display("trace %0d: %h %h", cycles, t_pc, t_insn);
        end
        if (!rst) cycles <= cycles + 1;
        if (!rst && sleeping) slept <= slept + 1;
    end

    initial begin
        if ($value$plusargs("MAX_CYCLES=%d", max_cycles)) ;
        show_trace = $test$plusargs("TRACE");
        repeat (3) @(posedge clk);
        #1 rst = 1'b0;
        while (!done && cycles < max_cycles) @(posedge clk);
        #1;
        if (!done) begin
            $display("FAIL tb_cpu: no result after %0d cycles", cycles);
            $fatal(1, "tb_cpu: timeout");
        end else if (result != 32'd0) begin
            $display("FAIL tb_cpu: check %0d (0x%h) failed after %0d cycles", result, result, cycles);
            $fatal(1, "tb_cpu: check %0d failed", result);
        end
        $display("PASS tb_cpu: %0d cycles (%0d in wfi)", cycles, slept);
        $finish;
    end

endmodule

`default_nettype wire

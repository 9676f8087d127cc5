// What the bus-level testbenches share, included in the module body where a clk is in
// scope: error and check counters, a cycle counter, fail(msg) that reports at most 30
// failures with their cycle, and idle(n) that waits n clock edges (1 ns past each).
integer errors = 0, checks = 0, cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

task fail(input [8*200-1:0] msg);
    begin
        errors = errors + 1;
        if (errors <= 30) $display("FAIL %0s (cycle %0d)", msg, cycle);
        if (errors == 30) $display("FAIL (further failures not shown)");
    end
endtask

task idle(input integer n);
    integer i;
    begin
        for (i = 0; i < n; i = i + 1) begin
            @(posedge clk);
            #1;
        end
    end
endtask

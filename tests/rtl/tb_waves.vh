// The WAVES switch every testbench here shares, included in the testbench's module
// body after `define TB_NAME "tb_...": with +WAVES the whole design is dumped into
// +DUMPFILE=path (default TB_NAME.fst), for the .gtkw save file beside the testbench.
reg [8*256-1:0] dumpfile;
initial begin
    if ($test$plusargs("WAVES")) begin
        if (!$value$plusargs("DUMPFILE=%s", dumpfile)) dumpfile = {`TB_NAME, ".fst"};
        $dumpfile(dumpfile);
        $dumpvars;
    end
end

// The accelerator's CTRL and STATUS bits as word masks, for the testbenches that
// drive it over the bus; included in the module body after accel_regs.vh.
localparam [31:0] CTRL_START_BIT = 32'd1 << CTRL_START;
localparam [31:0] CTRL_BATCH_BIT = 32'd1 << CTRL_BATCH;
localparam [31:0] CTRL_IRQ_BIT = 32'd1 << CTRL_IRQ_EN;
localparam [31:0] CTRL_BINNED_BIT = 32'd1 << CTRL_BINNED;
localparam [31:0] CTRL_STEER_BIT = 32'd1 << CTRL_STEER;
localparam [31:0] CTRL_VELOCITY_BIT = 32'd1 << CTRL_VELOCITY;
localparam [31:0] CTRL_LIMIT_BIT = 32'd1 << CTRL_LIMIT;
localparam [31:0] CTRL_PREDATORS_BIT = 32'd1 << CTRL_PREDATORS;
localparam [31:0] CTRL_EDGES_PSEUDOCODE_BIT = 32'd1 << CTRL_EDGES_PSEUDOCODE;
localparam [31:0] ST_BUSY = 32'd1 << STATUS_BUSY;
localparam [31:0] ST_DONE = 32'd1 << STATUS_DONE;
localparam [31:0] ST_ERR_PARAM = 32'd1 << STATUS_ERR_PARAM;
localparam [31:0] ST_ERR_BUSY = 32'd1 << STATUS_ERR_BUSY;
localparam [31:0] ST_ERR_BUS = 32'd1 << STATUS_ERR_BUS;
localparam [31:0] ST_ERRS = ST_ERR_PARAM | ST_ERR_BUSY | ST_ERR_BUS;

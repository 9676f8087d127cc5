// What the display testbenches share about pictures, included in the module body after
// display_sprites.vh, where FB_W, FB_H, FBPIX and reg [3:0] pics[0:n*FBPIX-1] are in scope:
// the sprite word, the sprite rule drawing one into a picture, the scanout's palette.

function [31:0] sprite(input integer x, input integer y, input integer h, input integer role);
    reg [31:0] xv, yv, hv, rv;
    begin
        xv = x; yv = y; hv = h; rv = role;
        sprite = {2'b00, rv[1:0], 1'b0, hv[2:0], yv[11:0], xv[11:0]};
    end
endfunction

// The rule: pixel (c, r) of sprite_row(shape, r), when set, at (x - 3 + c, y - 3 + r)
// if inside, colour role + 1, over what is there (sprites are painted in order). The
// shape is the heading, or with GLYPH (bit 31) a glyph of the overlay's font.
task paint_sprite(input integer id, input [31:0] w);
    integer rr, cc, x, y, px, py;
    reg [6:0] bits;
    begin
        x = $signed(w[11:0]);
        y = $signed(w[23:12]);
        for (rr = 0; rr < 7; rr = rr + 1) begin
            bits = sprite_row(sprite_shape(w[31], w[30], w[27], w[26:24]), rr[2:0]);
            for (cc = 0; cc < 7; cc = cc + 1) begin
                px = x - 3 + cc;
                py = y - 3 + rr;
                if (bits[cc] && px >= 0 && px < FB_W && py >= 0 && py < FB_H)
                    pics[id * FBPIX + py * FB_W + px] = {2'b00, w[29:28]} + 4'd1;
            end
        end
    end
endtask

// A glyph of the overlay's font at (x, y), code g (0..31), in role's colour.
function [31:0] glyph(input integer x, input integer y, input integer g, input integer role);
    reg [31:0] xv, yv, gv, rv;
    begin
        xv = x; yv = y; gv = g; rv = role;
        glyph = {1'b1, gv[4], rv[1:0], gv[3], gv[2:0], yv[11:0], xv[11:0]};
    end
endfunction

function [11:0] palette(input [3:0] i);
    case (i)
        4'd0: palette = 12'h113;
        4'd1: palette = 12'hCDE;
        4'd2: palette = 12'hFA2;
        4'd3: palette = 12'h4E8;
        4'd4: palette = 12'hF33;
        default: palette = 12'h000;
    endcase
endfunction

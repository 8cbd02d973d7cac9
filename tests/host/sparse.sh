#!/bin/bash
# needs: bisect
# Gate 2: sparse (make C=2) on the kernel C files the series touches reports
# nothing that unpatched 6.12 does not report for the same files and config.
# Messages are compared without line numbers (the patches move lines).
. "$(dirname "$0")/lib.sh"
static_gate sparse

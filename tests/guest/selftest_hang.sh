#!/bin/sh
# variants: x86_64
# explicit: yes
# timeout: 5
# The harness's own test: a scenario that runs past its own time limit; the
# guest kills it and runs the next one.
echo "hanging on purpose"
while :; do sleep 60; done

#!/bin/sh
# variants: x86_64
# explicit: yes
# timeout: 3600
# The harness's own test: a scenario that outlasts the whole boot's host-side
# limit (GUEST_TIMEOUT set low by the test): the boot is killed.
echo "wedging on purpose"
while :; do sleep 60; done

#!/bin/sh
# variants: x86_64
# explicit: yes
# The harness's own test: runs after selftest_hang in the same boot. Its
# output goes to the results channel, a kernel message to the console; it
# prints the checksum of the copy of itself that the guest runs, which must
# be the file as it is now.
echo "harness-selftest-output-marker"
echo "harness-selftest-kmsg-marker" >/dev/kmsg
echo "self: $(sha256sum /tests/selftest_after.sh | cut -d' ' -f1)"

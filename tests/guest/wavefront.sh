#!/bin/sh
# variants: i386
# The wavefront half of the 2007 story: snd-wavefront (ISA, 32-bit x86)
# loads its firmware with request_firmware(), so modprobe resolves every
# symbol of it and its sound dependencies, MODVERSIONS CRCs included.
# With no card present, the ISA probe declines ("specify CS4232 port"); in
# 6.12 isa_register_driver() still succeeds, so init returns 0 and the
# module stays loaded (the issue expected -ENODEV; measured otherwise).
# shellcheck source=lib.sh
. /tests/lib.sh
fw=$(modinfo -F firmware snd-wavefront)
echo "firmware: $fw"
echo "$fw" | grep -qx "wavefront.os" || fail "modinfo lacks firmware wavefront.os"
echo "$fw" | grep -qx "yamaha/yss225_registers.bin" || fail "modinfo lacks firmware yamaha/yss225_registers.bin"
rc=0
modprobe snd-wavefront 2>/tmp/err || rc=$?
cat /tmp/err
echo "modprobe exit status: $rc"
[ "$rc" = 0 ] || fail "modprobe snd-wavefront failed"
expect_loaded snd_wavefront
expect_dmesg_count 1 "wavefront.0: specify CS4232 port"
expect_dmesg_count 0 "Unknown symbol"
expect_dmesg_count 0 "disagrees about version"
expect_dmesg_count 0 "deprecated export"
for m in snd snd_timer snd_pcm snd_hwdep snd_rawmidi snd_opl3_lib snd_mpu401_uart snd_wss_lib; do
	expect_loaded $m
done
modprobe -r snd-wavefront || fail "modprobe -r snd-wavefront failed"
expect_not_loaded snd_wavefront

#!/bin/bash
# bases: harness
# host/<base>/deprecated_imports checks that each compressed module it scans
# is what it is named before relying on it: the tool's format (magic
# number) and, decompressed, the module. On a copy of the harness with
# planted modules and stand-ins for the compressors, the check must fail
# when gzip leaves its input uncompressed under the .gz name, when xz
# writes xz data of something else, and when zstd does nothing; with the
# real tools the four files pass (the check then goes on to modules_install,
# which the copy has no kernel for: not this test's business).
. "$(dirname "$0")/lib.sh"
scratch_dir
d=$scratch/copy
harness_copy "$d" tests/host
B=$d/build/mainline
mkdir -p "$B/linux/scripts" "$B/obj/x86_64/include/config"
: >"$B/linux/scripts/deprecated_imports.sh"
echo 7.2.0-test >"$B/obj/x86_64/include/config/kernel.release"
for m in krf_path krf_fd krf_weak hello unused_exporter unused_plain_user unused_symbol_get; do
	mkdir -p "$B/mods/x86_64/$m"
	{ printf '\177ELF'; head -c 4096 /dev/urandom; } >"$B/mods/x86_64/$m/$m.ko"
done
# The stand-ins misbehave when PLANT names them, and only to compress.
mkdir -p "$d/bin"
for t in gzip xz zstd; do
	real=$(command -v $t) || fail "no $t on this machine"
	{
		echo '#!/bin/bash'
		echo "[ \"\$PLANT\" = $t ] && [ \"\$1\" != -dc ] || exec $real \"\$@\""
	} >"$d/bin/$t"
done
cat >>"$d/bin/gzip" <<'EOF2'
mv "$1" "$1.gz"
EOF2
cat >>"$d/bin/xz" <<EOF2
printf other | $(command -v xz) >"\$1.xz" && rm "\$1"
EOF2
cat >>"$d/bin/zstd" <<'EOF2'
exit 0
EOF2
chmod +x "$d/bin"/*
check() { # PLANT: run the copy's check; its output in $scratch/PLANT
	env -u RUN_DIR PLANT="$1" PATH="$d/bin:$PATH" BASE=mainline \
		bash "$d/tests/host/deprecated_imports.sh" >"$scratch/$1" 2>&1
	sed 's/^/    | /' "$scratch/$1"
}
for c in 'gzip|krf_fd\.ko\.gz is not gzip data' \
	'xz|unused_plain_user\.ko\.xz does not decompress to unused_plain_user\.ko' \
	'zstd|zstd did not replace krf_weak\.ko with krf_weak\.ko\.zst'; do
	IFS='|' read -r plant msg <<<"$c"
	check "$plant"
	grep -qE "^FAIL: $msg" "$scratch/$plant" || fail "a bad $plant: the check did not fail with /$msg/"
	echo "a bad $plant: the check fails as it should"
done
check real
for f in krf_fd.ko.gz unused_plain_user.ko.xz krf_weak.ko.zst hello.ko.xz; do
	grep -qE "^${f//./\\.}: (gzip|xz|zstd) data, decompresses to ${f%.ko.*}\\.ko\$" "$scratch/real" ||
		fail "the real tools: $f was not checked"
done
expect_grep '^FAIL: modules_install failed' "$scratch/real"
echo "the real tools: the four compressed modules pass"

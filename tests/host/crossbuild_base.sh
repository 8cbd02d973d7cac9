#!/bin/bash
# bases: harness
# make crossbuild tells a base that does not build from a series that breaks
# the build (tools/measure/crossbuild.sh): when an object fails to compile, the same
# object is compiled from the tree's base. If the base fails too, the row
# says "the base fails too" and the run passes; if only the series fails,
# the run fails. In a copy of the harness, whose kernel tree is a stand-in:
# a Makefile that makes the configuration targets and fails to compile
# fs/bad.o, with kbuild's own message, wherever the file "broken" is there.
. "$(dirname "$0")/lib.sh"
scratch_dir
h=$scratch/top
harness_copy "$h" tests/cross/module
k=$h/build/$BASE/linux
mkdir -p "$k/scripts/kconfig"
cat >"$k/Makefile" <<'EOF'
O ?= .
tinyconfig olddefconfig:
	@touch $(O)/.config
vmlinux modules fs/bad.o:
	@if [ -f broken ]; then \
		echo 'fs/bad.c:1:1: error: a stand-in for an error' && \
		echo 'make[4]: *** [scripts/Makefile.build:229: fs/bad.o] Error 1' && exit 2; fi
EOF
printf '#!/bin/sh\nexit 0\n' >"$k/scripts/kconfig/merge_config.sh"
chmod +x "$k/scripts/kconfig/merge_config.sh"
tree() { # MESSAGE: commit the stand-in tree as it is
	git -C "$k" add -A && git -C "$k" -c user.name=t -c user.email=t@localhost commit -qm "$1"
}
cross() { # LOG: the crossbuild of the copy, option off, for this machine's own arch
	DEPRECATED_EXPORTS_CACHE=$scratch/cache CROSS_SETTINGS=off \
		"$h/tools/measure/crossbuild.sh" x86_64 >"$scratch/$1" 2>&1
}

# the base fails; so does the series, for that reason only
git -C "$k" init -q
touch "$k/broken"
tree base && git -C "$k" tag base
echo 'a patch' >"$k/series-file" && tree series
cross both.log || fail "the run failed for a base that fails without the series: $(tail -n3 "$scratch/both.log")"
expect_grep '^\| x86_64 \| off \| no \| - \| .*the base fails too, without the series \(fs/bad\.o' "$scratch/both.log"

# the base builds; the series breaks it
git -C "$k" rm -q broken && tree "base builds"
git -C "$k" tag -f base >/dev/null
echo >"$k/broken" && tree "the series breaks it"
rm -rf "$h/build/$BASE/cross/x86_64-off"
if cross series.log; then
	fail "the run passed for a series that breaks the build"
fi
expect_grep '^\| x86_64 \| off \| no \| - \| .*error: a stand-in' "$scratch/series.log"
! grep -q 'the base fails too' "$scratch/series.log" || fail "a failure of the series was put on the base"
echo "the series' own failure fails the run"

# a tree made again (a new repository): the worktree of the base follows it
rm -rf "$k/.git"
git -C "$k" init -q && tree "base made again, failing" && git -C "$k" tag base
echo 'another patch' >"$k/series-file" && tree "another series"
rm -rf "$h/build/$BASE/cross/x86_64-off"
cross again.log || fail "after the tree was made again, the run failed: $(grep -m1 '^| x86_64' "$scratch/again.log")"
expect_grep '^\| x86_64 \| off \| no \| - \| .*the base fails too' "$scratch/again.log"

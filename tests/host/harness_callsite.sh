#!/bin/bash
# bases: harness
# host/<base>/callsite's "in-tree code is not warned" reads a build that it
# knows compiled the files in question: it compiles them itself, in this run.
# On a copy of the harness with a planted kernel tree and object directory,
# and a stand-in for make that plays kbuild's part, the check must fail when
# the compile warns (-Wdeprecated-declarations), when kbuild compiles nothing
# (no compile line: an up-to-date target, as the build log of a kernel from
# the object cache is), and when the compile fails; and it must pass that
# step when each file is compiled without a warning. A warm build log with
# no compile in it is planted too: the check must not take it for a build.
. "$(dirname "$0")/lib.sh"
scratch_dir
d=$scratch/copy
harness_copy "$d" tests/host tests/modules/krf_path
B=$d/build/mainline O=$d/build/mainline/obj/x86_64
# The tree: the series touches kernel/module/main.c (which calls an export
# it deprecates) and scripts/mod/modpost.c (a host program: not compiled).
k=$B/linux
mkdir -p "$k/kernel/module" "$k/fs" "$k/scripts/mod"
echo 'int x;' >"$k/kernel/module/main.c"
echo 'ssize_t kernel_read_file(struct file *file) { return 0; }' >"$k/fs/kernel_read_file.c"
echo 'int z;' >"$k/scripts/mod/modpost.c"
{ git -C "$k" init -q && git -C "$k" add . &&
	git -C "$k" -c user.name=t -c user.email=t@localhost commit -qm base && git -C "$k" tag base; } ||
	fail "could not make the planted tree"
echo '	len = kernel_read_file(f, 0, &buf, INT_MAX, NULL, READING_MODULE);' >>"$k/kernel/module/main.c"
echo 'int w;' >>"$k/scripts/mod/modpost.c"
git -C "$k" -c user.name=t -c user.email=t@localhost commit -qam series || fail "could not commit the planted series"
mkdir -p "$O/kernel/module" "$O/fs" "$O/scripts/mod"
touch "$O/kernel/module/main.o" "$O/fs/kernel_read_file.o" "$O/scripts/mod/modpost.o" "$O/.config"
# The harness's M= build of krf_path, as the check's first step wants it.
m=$B/mods/x86_64/krf_path
mkdir -p "$m" && touch "$m/krf_path.ko"
. "$TOP/configs/mainline/harness.env"
line=$(grep -n 'kernel_read_file(file' "$TOP/tests/modules/krf_path/krf_path.c" | cut -d: -f1)
echo "krf_path.c:$line:9: warning: 'kernel_read_file' is deprecated: EXPORT_UNUSED_SYMBOL_GPL, to be removed in $REL [-Wdeprecated-declarations]" >"$m/build.log"
# A warm machine's build log: no compile at all.
mkdir -p "$B/logs"
printf '%s\n' "make[1]: Entering directory '$O'" '  GEN     Makefile' "make[1]: Leaving directory '$O'" >"$B/logs/build-x86_64.log"
# make: single targets (*.s) as kbuild compiles them, by PLANT; M= builds
# are not played (the check's later steps then fail, which is not this
# test's business).
mkdir -p "$d/bin"
cat >"$d/bin/make" <<'EOF'
#!/bin/bash
o= goals=()
for a; do
	case $a in
	O=*) o=${a#O=} ;;
	M=*) echo "stand-in make: no M= builds"; exit 2 ;;
	*.s) goals+=("$a") ;;
	esac
done
[ -n "$o" ] && [ ${#goals[@]} -gt 0 ] || { echo "stand-in make: unexpected: $*"; exit 2; }
echo "$KBUILD_BUILD_USER@$KBUILD_BUILD_HOST $KBUILD_BUILD_TIMESTAMP: $*" >>"$o/make.calls"
[ "$PLANT" != crash ] || { echo "make[2]: *** [scripts/Makefile.build:183: ${goals[0]}] Error 1"; exit 2; }
for g in "${goals[@]}"; do
	[ "$PLANT" != quiet ] || continue
	[ ! -e "$o/$g" ] || continue
	echo "  CC      $g"
	[ "$PLANT" != warn ] || [ "$g" != kernel/module/main.s ] ||
		echo "kernel/module/main.c:2:14: warning: 'kernel_read_file' is deprecated [-Wdeprecated-declarations]"
	: >"$o/$g"
	echo "savedcmd_$g := gcc -S" >"$o/$(dirname "$g")/.$(basename "$g").cmd"
done
EOF
chmod +x "$d/bin/make"
check() { # PLANT: run the copy's callsite check; its output in $scratch/PLANT
	rm -f "$O/make.calls"
	env -u RUN_DIR PLANT="$1" PATH="$d/bin:$PATH" BASE=mainline \
		bash "$d/tests/host/callsite.sh" >"$scratch/$1" 2>&1
	sed 's/^/    | /' "$scratch/$1"
}
step_ok='^in-tree, compiled in this run: fs/kernel_read_file\.s kernel/module/main\.s: no -Wdeprecated-declarations warning$'

for c in 'warn|the in-tree build printed a deprecation warning' \
	'quiet|kbuild did not compile fs/kernel_read_file\.s kernel/module/main\.s' \
	'crash|compiling the in-tree files failed'; do
	IFS='|' read -r plant msg <<<"$c"
	check "$plant"
	grep -qE "^FAIL: $msg" "$scratch/$plant" || fail "$plant: the check did not fail with '$msg'"
	grep -qE "$step_ok" "$scratch/$plant" && fail "$plant: the in-tree step passed"
	echo "$plant: the check fails as it should"
done

check ok
grep -qE "$step_ok" "$scratch/ok" || fail "the in-tree step did not pass on clean compiles"
grep -q 'scripts/mod/modpost\.s' "$O/make.calls" && fail "the check compiled a host program (scripts/mod/modpost.c)"
# kbuild's prepare step rewrites include/generated/compile.h (and the next
# build relinks the kernel) unless the stamp is the build's own.
stamp=$(sed -nE "s/^export KBUILD_BUILD_TIMESTAMP='(.*)'\$/\1/p" "$TOP/tools/build/build-kernel.sh")
who=$(sed -nE 's/^export KBUILD_BUILD_USER=([^ ]*) KBUILD_BUILD_HOST=([^ ]*)$/\1@\2/p' "$TOP/tools/build/build-kernel.sh")
if [ -z "$stamp" ] || [ -z "$who" ]; then fail "no build stamp in tools/build/build-kernel.sh"; fi
grep -qF "$who $stamp: " "$O/make.calls" || fail "the check compiled without the build's stamp: $(cat "$O/make.calls")"
[ -z "$(find "$O" -name '*.s' -o -name '.*.s.cmd')" ] || fail "the check left its compiles in the object directory"
echo "clean compiles of the two kernel files, with the build's stamp: the step passes, the objects stay as they were"
# A stale .s of an earlier compile is no compile of this run.
: >"$O/kernel/module/main.s"
check ok
grep -qE "$step_ok" "$scratch/ok" || fail "an old kernel/module/main.s kept the file from being compiled"
echo "an old .s is removed first and the file compiled again"

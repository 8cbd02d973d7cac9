#!/bin/bash
# bases: harness
# A kernel restored from the object cache says where it came from: it
# carries its key (.objcache-key) and the log of the build that made it
# (.build.log), and the run's build log names the cache entry; so checks of
# a build's output can read the build that made the kernel, not the run's
# log of a make that found everything up to date. On a copy of the harness
# with a planted kernel tree and a stand-in for make: tools/build/build-kernel.sh
# builds (one compile line), keeps the log and the key with the objects and
# saves them in a scratch cache; the object directory removed, it restores
# them, with that log and key, and its build log says so; a build that
# compiles nothing adds nothing to that log; a tree with
# changes gives no key, and the object directory then names none.
. "$(dirname "$0")/lib.sh"
scratch_dir
d=$scratch/copy
harness_copy "$d"
B=$d/build/mainline O=$d/build/mainline/obj/x86_64 k=$d/build/mainline/linux
mkdir -p "$k"
echo 'int x;' >"$k/main.c"
{ git -C "$k" init -q && git -C "$k" add . &&
	git -C "$k" -c user.name=t -c user.email=t@localhost commit -qm base; } || fail "could not make the planted tree"
# make: "all" compiles once (a compile line, then vmlinux), then finds it
# up to date; "kernelrelease" prints one.
mkdir -p "$d/bin"
cat >"$d/bin/make" <<'STUB'
#!/bin/bash
o=
for a; do case $a in O=*) o=${a#O=} ;; esac; done
case " $* " in
*" kernelrelease "*) echo 7.2.0-test ;;
*" all "*)
	echo "make[1]: Entering directory '$o'"
	[ -e "$o/vmlinux" ] || { echo '  CC      init/main.o'; : >"$o/vmlinux"; } ;;
*) echo "stand-in make: unexpected: $*"; exit 2 ;;
esac
STUB
chmod +x "$d/bin/make"
# A configured object directory (the configuration step is not played).
mkdir -p "$O"
. "$d/configs/x86_64.variant"
for f in $FRAGMENTS; do cat "$(fragment_path "$f")"; done >"$O/.config"
sha256sum <"$O/.config" | cut -d' ' -f1 >"$O/.fragments.sum"
build() { # NAME: tools/build/build-kernel.sh x86_64 in the copy; its output in $scratch/NAME
	env -u RUN_DIR PATH="$d/bin:$PATH" BASE=mainline DEPRECATED_EXPORTS_CACHE="$scratch/cache" \
		bash "$d/tools/build/build-kernel.sh" x86_64 >"$scratch/$1" 2>&1 || { cat "$scratch/$1"; fail "$1: build-kernel.sh failed"; }
	sed 's/^/    | /' "$scratch/$1"
}
log=$B/logs/build-x86_64.log

build cold
key=$(cat "$O/.objcache-key" 2>/dev/null) || fail "the built object directory names no key"
[ ${#key} = 24 ] || fail "the built object directory names the key '$key'"
[ -f "$scratch/cache/objects/mainline-x86_64-$key.tar.zst" ] || fail "nothing saved under the key $key"
grep -qx '  CC      init/main.o' "$O/.build.log" 2>/dev/null || fail "the objects do not keep the log of their build"
echo "built: the objects name their key and keep their build log"

rm -rf "$O"
build warm
grep -q '  CC ' "$log" && fail "the warm run compiled: the stand-in make is wrong"
[ "$(cat "$O/.objcache-key" 2>/dev/null)" = "$key" ] || fail "the restored objects do not name their key $key"
grep -qx '  CC      init/main.o' "$O/.build.log" || fail "the restored objects lack the log of the build that made them"
expect_grep "^objects restored from the object cache, objects/mainline-x86_64-$key; the builds that made them: build/mainline/obj/x86_64/\\.build\\.log\$" "$log"
echo "restored: the objects name their key and carry the log of the build that made them; the run's log says so"
# a build that compiles nothing adds nothing to .build.log
n=$(wc -l <"$O/.build.log")
build again
[ "$(wc -l <"$O/.build.log")" = "$n" ] || fail "a build that compiled nothing grew .build.log"
echo "a build that compiled nothing leaves .build.log as it was"

echo 'int y;' >>"$k/main.c"
build edited
[ ! -e "$O/.objcache-key" ] || fail "objects built from a tree with changes name the key $(cat "$O/.objcache-key")"
echo "built from a tree with changes: no key named"

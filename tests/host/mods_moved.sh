#!/bin/bash
# variants: x86_64
# Test modules that come from the object cache, made in another clone, are
# not built again (tools/build/build-modules.sh): a module's sum leaves out the
# modules' directory, which 6.12's modpost writes into an external module's
# Module.symvers. Two copies of the harness at two paths share this base's
# x86_64 kernel; dep_user and dep_exporter (its DEPS) are built in the first,
# their directory goes through the object cache to the second, and a build
# there keeps both. An edited source is then built again, which shows that a
# rebuild would be seen.
. "$(dirname "$0")/lib.sh"
scratch_dir
OBJCACHE=$scratch/cache
O=$(variant_obj x86_64) KSRC=$BUILD/linux
[ -f "$O/Module.symvers" ] || fail "kernel x86_64 is not built (${O#"$TOP"/})"
for c in a b; do
	harness_copy "$scratch/$c" tests/modules
	mkdir -p "$scratch/$c/build/$BASE/obj"
	ln -s "$O" "$scratch/$c/build/$BASE/obj/x86_64"
	ln -s "$KSRC" "$scratch/$c/build/$BASE/linux"
done
a=$scratch/a/build/$BASE/mods/x86_64 b=$scratch/b/build/$BASE/mods/x86_64
"$scratch/a/tools/build/build-modules.sh" x86_64 dep_user >"$scratch/a.log" 2>&1 ||
	fail "the modules did not build in the first copy: $(tail -n5 "$scratch/a.log")"
[ -f "$a/dep_user/dep_user.ko" ] || fail "no dep_user.ko in the first copy"
if grep -q "$a/" "$a/dep_exporter/Module.symvers"; then
	echo "dep_exporter's Module.symvers names its directory (${a#"$scratch"/})"
else
	echo "dep_exporter's Module.symvers does not name its directory"
fi

key=000000000000000000000000
objcache_save mods "$key" "$a" "$O" "$KSRC"
objcache_restore mods "$key" "$b" "$O" "$KSRC" || fail "the modules did not come back from the cache"
! grep -rqs --include=Module.symvers "$scratch/a/" "$b" ||
	fail "a restored Module.symvers still names the first copy"
touch "$b/dep_exporter/kept" "$b/dep_user/kept"
"$scratch/b/tools/build/build-modules.sh" x86_64 dep_user >"$scratch/b.log" 2>&1 ||
	fail "the modules did not build in the second copy: $(tail -n5 "$scratch/b.log")"
for m in dep_exporter dep_user; do
	[ -f "$b/$m/kept" ] || fail "$m, restored in another clone, was built again"
done
echo "restored at another path: dep_exporter and dep_user kept"

echo '/* edited */' >>"$scratch/b/tests/modules/dep_user/dep_user.c"
"$scratch/b/tools/build/build-modules.sh" x86_64 dep_user >"$scratch/b2.log" 2>&1 ||
	fail "the edited module did not build: $(tail -n5 "$scratch/b2.log")"
[ ! -f "$b/dep_user/kept" ] || fail "dep_user was not built again after an edit"
[ -f "$b/dep_exporter/kept" ] || fail "dep_exporter was built again for an edit of dep_user"
echo "an edit of dep_user builds dep_user again, and only it"

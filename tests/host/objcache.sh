#!/bin/bash
# bases: harness
# The object cache (tools/lib.sh, tools/build/objcache.py) gives a clone a build it
# can trust: the key follows the tree's content and the inputs and is empty
# for a tree with uncommitted changes; a directory saved in one clone and
# restored in another at another path names the new paths and is up to date
# for make (make -q) against a source tree made after it was built, which a
# plain unpack is not; a save under a key it has is a no-op; two keys per
# name stay.
. "$(dirname "$0")/lib.sh"
scratch_dir
OBJCACHE=$scratch/cache
KARCH=x86_64 CROSS_COMPILE=
# no KBUILD_* in the environment, as in tools/measure/crossbuild.sh: the key must
# still come, with status 0 (the scripts run under set -e)
set -o pipefail
while read -r v; do unset "$v"; done < <(env | sed -n 's/^\(KBUILD_[A-Za-z_]*\)=.*/\1/p')

# clone A: a tree, a fragment, and a "build" in the kernel's manner: the
# object depends on the source, its command line kept in a .cmd file
mktree() { # DIR
	mkdir -p "$1/src" && echo 'int x;' >"$1/src/x.c"
	git -C "$1/src" init -q && git -C "$1/src" add x.c &&
		git -C "$1/src" -c user.name=t -c user.email=t@localhost commit -qm base
}
build() { # OBJ SRC
	mkdir -p "$1"
	printf 'x.o: %s/x.c\n\tcp %s/x.c x.o && echo "savedcmd_x.o := cp %s/x.c %s/x.o" >.x.o.cmd\n' \
		"$2" "$2" "$2" "$1" >"$1/Makefile"
	make -s -C "$1" x.o || fail "make in $1 failed"
	ln -sfn "$2" "$1/source"
}
mktree "$scratch/a"
echo 'CONFIG_X=y' >"$scratch/frag"
KSRC=$scratch/a/src
key=$(objcache_key "$scratch/frag") || fail "objcache_key failed (status $?) for a clean tree"
[ ${#key} = 24 ] || fail "no key for a clean tree (got '$key')"
echo 'CONFIG_X=n' >"$scratch/frag2"
[ "$(objcache_key "$scratch/frag2")" != "$key" ] || fail "the key does not follow a fragment"
echo 'int y;' >>"$KSRC/x.c"
[ -z "$(objcache_key "$scratch/frag")" ] || fail "a tree with an uncommitted change has a key"
git -C "$KSRC" checkout -q x.c
[ "$(objcache_key "$scratch/frag")" = "$key" ] || fail "the key changed with the tree back as it was"
echo "key $key: follows the fragment, none for an edited tree"

OBJ=$scratch/a/obj
build "$OBJ" "$KSRC"
objcache_save t "$key" "$OBJ" "$KSRC"
f=$OBJCACHE/t-$key.tar.zst
[ -f "$f" ] || fail "nothing saved"
touch -d @1000000000 "$f"
objcache_save t "$key" "$OBJ" "$KSRC"
[ "$(stat -c %Y "$f")" = 1000000000 ] || fail "a second save under the same key wrote the entry again"

# clone B, made later, at another path: its sources are newer than A's objects
sleep 1.1
mktree "$scratch/b"
KSRC=$scratch/b/src
[ "$(objcache_key "$scratch/frag")" = "$key" ] || fail "the same content at another path has another key"
OBJ=$scratch/b/obj
mkdir -p "$scratch/plain" && zstd -dcq "$f" | tar -C "$scratch/plain" -xf -
sed -i "s|$scratch/a/|$scratch/b/|g" "$scratch/plain/Makefile"
if make -q -s -C "$scratch/plain" x.o; then
	fail "a plain unpack is already up to date: the test would not see the times"
fi
echo "a plain unpack is out of date for make (older than the new tree)"
objcache_restore t "$key" "$OBJ" "$KSRC" || fail "objcache_restore failed"
make -q -s -C "$OBJ" x.o || fail "the restored x.o is out of date for make"
grep -q "$scratch/a/" "$OBJ/Makefile" "$OBJ/.x.o.cmd" && fail "the restored files still name clone A's paths"
grep -qF "cp $KSRC/x.c $OBJ/x.o" "$OBJ/.x.o.cmd" || fail "the .cmd file does not name clone B's paths"
[ "$(readlink "$OBJ/source")" = "$KSRC" ] || fail "the source link points to $(readlink "$OBJ/source")"
[ "$(stat -c %Y "$OBJ/x.o")" -le "$(date +%s)" ] || fail "a restored file is dated in the future"
echo "restored at clone B's paths, up to date for make"
! objcache_restore t missingkey "$scratch/c" "$KSRC" || fail "restored a key that is not in the cache"

# two keys per name stay, and a name that begins with another's is another
# name (the kernel's "t" and its test modules' "t-mods")
objcache_save t-mods "$key" "$OBJ" "$KSRC"
for k in 1 2 3; do
	objcache_save t "$(printf '%024d' "$k")" "$OBJ" "$KSRC"
	sleep 0.05
done
n=$(find "$OBJCACHE" -name 't-[0-9a-f]*.tar.zst' | wc -l)
[ "$n" = 2 ] || fail "$n entries of name t kept, not 2"
[ -f "$OBJCACHE/t-mods-$key.tar.zst" ] || fail "saving t removed t-mods's entry"
echo "the newest two entries of a name stay; another name's stay too"

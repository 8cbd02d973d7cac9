# Deprecated kernel exports for Linux 6.12: the harness's front door.
# `make help` lists the targets.

VARIANT ?= x86_64
SHELL := /bin/bash

.PHONY: help deps source tree refresh next-series kernel modules initramfs check bisect demo bench clean distclean

help:
	@echo "make demo       build, boot, load an out-of-tree module, show warnings and report"
	@echo "make bench      size, lookup, load, modpost and exports_due vs unpatched 6.12 (build/bench/)"
	@echo "make check      run every test (host checks and QEMU guests); N passed, N failed"
	@echo "make bisect     the bisection gate alone: every prefix applies, builds, boots (part of check)"
	@echo "make deps       install missing packages with apt-get (root or sudo)"
	@echo "make source     fetch and unpack the pinned linux-source-6.12 (source.lock)"
	@echo "make tree       build/linux: git repo, 'base' = pristine source, + patches/series"
	@echo "make refresh    write build/linux base..HEAD back into patches/ (+ series)"
	@echo "make next-series  regenerate patches/next/ with the tree's 'make exports_remove RELEASE=6.13'"
	@echo "make kernel     build kernel VARIANT=$(VARIANT) into build/obj/\$$VARIANT"
	@echo "make modules    build tests/modules/* out of tree against VARIANT"
	@echo "make initramfs  guest initramfs for VARIANT"
	@echo "make clean      remove objects, modules, initramfs, logs (keeps tree, ccache)"
	@echo "make distclean  remove build/ entirely"
	@echo "variants: $(patsubst configs/%.variant,%,$(wildcard configs/*.variant))"

deps:
	@tools/deps.sh

source:
	@tools/fetch-source.sh

tree: source
	@tools/tree.sh

refresh:
	@tools/refresh.sh

next-series: tree
	@tools/next-series.sh

kernel: tree
	@tools/build-kernel.sh $(VARIANT)

modules: kernel
	@tools/build-modules.sh $(VARIANT)

initramfs: modules
	@tools/mkinitramfs.sh $(VARIANT)

check: deps tree
	@tests/run.sh
bisect: deps tree
	@tools/bisect-check.sh

demo: deps tree
	@tools/demo.sh

bench: deps tree
	@tools/bench.sh

clean:
	rm -rf build/obj build/mods build/initramfs build/logs build/tmp

distclean:
	rm -rf build

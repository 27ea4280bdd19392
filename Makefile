# SPDX-License-Identifier: GPL-2.0
#
# uabatch: make deps, make kernels, make test, make demo.  See README.md.

UABATCH_CACHE ?= $(HOME)/.cache/uabatch
KERNELS ?= 6.12 7.2
# Older trees: the poll reference case and the history of batching.
OLD_KERNELS ?= 5.10 6.1
# GCC versions the plugin is tested with besides the machine's own, from
# a chroot of Debian unstable (empty: none).
GCC_VERSIONS ?= 13 14 15 16
# Debian's cross compilers (their target triplets, empty: none): build
# directories of the trees for their architectures (make kernels), where
# patches to arch/ files are verified, and a plugin for each (make).
CROSS ?= aarch64-linux-gnu powerpc64le-linux-gnu riscv64-linux-gnu
BUILD := $(CURDIR)/build
GCC_MAJOR := $(shell $(CC) -dumpversion | cut -d. -f1)
APT_PACKAGES := coccinelle gcc-$(GCC_MAJOR)-plugin-dev flex bison bc \
	libelf-dev libssl-dev dpkg-dev xz-utils patch \
	$(if $(GCC_VERSIONS),debootstrap) \
	$(foreach t,$(CROSS),gcc-$(t) gcc-$(GCC_MAJOR)-plugin-dev-$(t))

export UABATCH_CACHE

# deps, kernels, then the build: in this order even under -j (the
# sub-makes still run in parallel).
.NOTPARALLEL:

# The checkers, each built by its own Makefile where it exists.
ENGINES := $(patsubst %/Makefile,%,$(wildcard sparse-checks/Makefile gcc-plugin/Makefile))

.PHONY: all deps kernels kernels-more test demo model clean $(ENGINES)

all: $(ENGINES) $(BUILD)/batch.cocci

$(ENGINES): build/uaccess_model.h
	$(MAKE) -C $@ SPARSE_SRC="$$(sh scripts/sparse.sh $(BUILD))" \
		MODEL_H=$(BUILD)/uaccess_model.h
	$(if $(filter gcc-plugin,$@),$(foreach t,$(CROSS),\
		$(MAKE) -C $@ CC=$(t)-gcc MODEL_H=$(BUILD)/uaccess_model.h &&) true)

# The model of the API as C tables, for the checkers.
build/uaccess_model.h: model/uaccess.api scripts/model.sh
	@mkdir -p $(BUILD)
	sh scripts/model.sh --header > $@.tmp && mv $@.tmp $@

# The semantic patch for 'make coccicheck COCCI=...': batch.cocci with a
# first line that gives spatch the macro file by its path here, which
# scripts/coccicheck cannot (it passes a rule's '// Options:' from the
# kernel tree's directory).
$(BUILD)/batch.cocci: cocci/batch.cocci cocci/macros.h
	@mkdir -p $(BUILD)
	{ echo '#spatch --macro-file $(abspath cocci/macros.h)'; cat cocci/batch.cocci; } > $@.tmp && mv $@.tmp $@

deps:
	@sh scripts/deps.sh $(APT_PACKAGES)
	@sh scripts/sparse.sh $(BUILD) >/dev/null
	@echo "deps: sparse library in $$(sh scripts/sparse.sh $(BUILD) 2>/dev/null)"
	@echo "deps: SARIF validator $$(sh scripts/sarif-validator.sh)"
	$(if $(GCC_VERSIONS),@sh scripts/gcc-versions.sh setup $(GCC_VERSIONS))
	$(if $(GCC_VERSIONS),@sh scripts/gcc-versions.sh tools)

kernels:
	@sh scripts/kernels.sh $(foreach t,$(CROSS),--cross $(t)) $(KERNELS)
	@sh scripts/kernels.sh --no-prepare $(OLD_KERNELS)
	$(if $(GCC_VERSIONS),@sh scripts/gcc-versions.sh kernel 7.2)

# The configurations the whole-tree measurements add (scripts/kernels.sh
# --more): x86-32, powerpc e500 and 64-bit big-endian.
kernels-more: kernels
	@sh scripts/kernels.sh --more $(foreach t,$(CROSS),--cross $(t)) $(KERNELS)

# Each sets up what it needs first: on a fresh machine 'make demo' and
# 'make test' are the only two commands to type.
test: deps kernels all
	@sh testcases/run

demo: deps kernels all
	@python3 scripts/demo.py $(UABATCH_CACHE)/linux-6.12

model:
	@sh scripts/model.sh --update

clean:
	rm -rf $(BUILD)
	for e in $(ENGINES); do $(MAKE) -C $$e clean; done

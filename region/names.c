// SPDX-License-Identifier: GPL-2.0
/*
 * What a function's name tells the region analysis: the model's entry
 * it names, whether a call of it may run in a region (the uaccess-safe
 * list: objtool's, the API's, the compiler's builtins, the build traps,
 * the extra list a file gives), whether its code is analysed at all,
 * the kernel's conventions of names (__unsafe_*(), the sanitizers'), and
 * whether the end of a region it begins must name the region's mode.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "region.h"

/* ---- the uaccess-safe list ---- */

/* objtool's uaccess_safe_builtin[]: what it accepts in a region. */
static const char *const objtool_safe[] = {
#include "objtool_safe.h"
};

/*
 * Calls the source makes that objtool never sees as calls: the branch
 * profiler's likely() (CONFIG_TRACE_BRANCH_PROFILING), the stack
 * protector's failure, which does not return, and the empty inline
 * function that __chk_user_ptr() is only for sparse (a cast for GCC).
 */
static const char *const compiler_safe[] = {
	"__chk_user_ptr", "ftrace_likely_update", "__stack_chk_fail",
};

/* What -safe-list= and --uaccess-safe-list= added, sorted once read. */
static char **extra_safe;
static size_t nr_extra_safe;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Calls that must never be emitted: the kernel's size dispatchers call an
 * undefined __put_user_bad() or __bad_size_call_parameter() in the
 * default case of a switch on sizeof, so that a wrong size fails the link.
 */
static bool build_trap(const char *name)
{
	size_t len = strlen(name);

	return (len > 4 && !strcmp(name + len - 4, "_bad")) ||
	       (len > 6 && !strcmp(name + len - 6, "_error")) ||
	       strstr(name, "wrong_size") || !strncmp(name, "__bad_", 6) ||
	       !strncmp(name, "__compiletime_assert", 20);
}

/*
 * The model's entries and the fixed safe names, sorted on first use: a
 * checker asks for every call in a region, and inline callees' calls, so
 * a walk of the lists made them a fifth of sparse-uaccess's time.
 */
static const struct uaccess_name *model_sorted[REGION_COUNT(uaccess_names)];
static const char *safe_sorted[REGION_COUNT(uaccess_names) + REGION_COUNT(objtool_safe) +
			       REGION_COUNT(compiler_safe)];
static const char *objtool_sorted[REGION_COUNT(objtool_safe)];

static int cmp_entry(const void *a, const void *b)
{
	return strcmp((*(const struct uaccess_name *const *)a)->name,
		      (*(const struct uaccess_name *const *)b)->name);
}

static void sort_names(void)
{
	size_t i, n = 0;

	for (i = 0; i < REGION_COUNT(uaccess_names); i++) {
		model_sorted[i] = &uaccess_names[i];
		safe_sorted[n++] = uaccess_names[i].name;
	}
	for (i = 0; i < REGION_COUNT(objtool_safe); i++)
		safe_sorted[n++] = objtool_sorted[i] = objtool_safe[i];
	for (i = 0; i < REGION_COUNT(compiler_safe); i++)
		safe_sorted[n++] = compiler_safe[i];
	qsort(model_sorted, REGION_COUNT(model_sorted), sizeof(*model_sorted), cmp_entry);
	qsort(safe_sorted, n, sizeof(*safe_sorted), cmp_name);
	qsort(objtool_sorted, REGION_COUNT(objtool_sorted), sizeof(*objtool_sorted), cmp_name);
}

static void names_sorted(void)
{
	static bool sorted;

	if (!sorted) {
		sort_names();
		sorted = true;
	}
}

const struct uaccess_name *region_model_name(const char *name)
{
	struct uaccess_name key;
	const struct uaccess_name *k = &key, *const *found;

	key.name = name;
	names_sorted();
	found = (const struct uaccess_name *const *)
		bsearch(&k, model_sorted, REGION_COUNT(model_sorted), sizeof(*model_sorted), cmp_entry);
	return found ? *found : NULL;
}

/*
 * The "arch/<arch>/" part of @file, a path as the compiler names it
 * (relative to the tree, or absolute in an O= build); NULL when @file is
 * not an architecture's.
 */
static const char *arch_part(const char *file)
{
	const char *p = file, *last = NULL;

	while ((p = strstr(p, "arch/"))) {
		if (p == file || p[-1] == '/')
			last = p;
		p += 5;
	}
	return last;
}

/* Whether @function is one the model says switches user access for no region. */
static bool switches_for_no_region(const char *function)
{
	size_t i;

	for (i = 0; i < REGION_COUNT(uaccess_switch_functions); i++)
		if (!strcmp(function, uaccess_switch_functions[i]))
			return true;
	return false;
}

/*
 * Code that is not analysed: the API's headers, which implement the
 * primitives (they are the model, not its users), and the functions the
 * model says switch user access for something other than a region
 * (arm64's EFI runtime calls).  An architecture's asm/futex.h is no part
 * of the API: its helpers are that architecture's own regions, analysed
 * where they are called.  @file as the compiler names it.
 */
bool region_implements_api(const char *function, const char *file)
{
	if (region_model_name(function) || switches_for_no_region(function))
		return true;
	if (strstr(file, "/asm/futex.h") || !strcmp(file, "asm/futex.h"))
		return false;
	return strstr(file, "/asm/") || strstr(file, "asm-generic/") ||
	       strstr(file, "include/linux/uaccess.h") || !strncmp(file, "asm/", 4);
}

/*
 * An architecture's own code, outside its headers, checks the range its
 * own way, so a bare open there asks for no access_ok() of its own: the
 * raw copies of arch/<arch>/lib (copy_user_generic() opens with stac(),
 * copy_mc_to_user() with __uaccess_begin()) are given checked ranges by
 * their callers; arm64's cache maintenance from user space compares the
 * address with TASK_SIZE_MAX, its KVM descriptor swap writes to the user
 * address of a memslot, checked when the slot was made.  Their regions
 * are checked all the same.
 */
bool region_range_checked_by_arch(const char *file)
{
	const char *arch = arch_part(file);

	return arch && !strstr(arch, "/include/");
}

/*
 * The kernel's convention: a function named __unsafe_*() runs inside its
 * caller's region (powerpc's __unsafe_setup_sigcontext(), behind its
 * unsafe_setup_sigcontext(..., label) macro).  Its calls are accessors,
 * valid only with a region open; its body starts in that region, of a
 * mode it does not know, and does not close it.
 */
bool region_in_callers_region(const char *function)
{
	return !strncmp(function, "__unsafe_", 9);
}

/*
 * What objtool lets a region call (its uaccess-safe list), it checks as
 * entered with user access on: the sanitizers' reports and the stack
 * protector's failure (__stack_chk_fail()) start in their caller's
 * region, and call anything else only once user_access_save() has
 * turned user access off.
 */
bool region_may_call(const char *function)
{
	names_sorted();
	/* asked of every function the plugin compiles */
	return bsearch(&function, objtool_sorted, REGION_COUNT(objtool_sorted),
		       sizeof(*objtool_sorted), cmp_name);
}

/* Does @function start in its caller's region (region_callers_state)? */
bool region_starts_in_callers(const char *function)
{
	return region_in_callers_region(function) || region_may_call(function);
}

const struct region_state region_callers_state = { REGION_OPEN, 0, REGION_CALLERS };

/*
 * memcpy(), memmove(), memset(), by those names or their __builtin_ ones,
 * of @length bytes (< 0: not a constant).  GCC expands one of a few bytes
 * inline on every target, one or two moves (it folds some into an
 * assignment before the plugin sees them: which, differs by target); how
 * far it goes beyond, its last passes decide by target and size, and a
 * longer one may stay a call of the library's function (powerpc's
 * __unsafe_restore_sigcontext() calls memset() for 33 vector registers),
 * as one of a length GCC does not know does, and as KASAN's builds leave
 * many (objtool: "call to memset() with UACCESS enabled" in 5.6's
 * ia32_setup_rt_frame(), ClangBuiltLinux #876).
 */
#define EXPANDED_COPY_MAX 16

static bool is_copy(const char *name)
{
	if (!strncmp(name, "__builtin_", 10))
		name += 10;
	return !strcmp(name, "memcpy") || !strcmp(name, "memmove") ||
	       !strcmp(name, "memset");
}

/* Whether a call of @name copying @length bytes is expanded inline: no call. */
bool region_expanded_copy(const char *name, long long length)
{
	return length >= 0 && length <= EXPANDED_COPY_MAX && is_copy(name);
}

bool region_safe_name(const char *name)
{
	names_sorted();
	/* the API itself, and the architectures' copy routines ('safe') */
	return bsearch(&name, safe_sorted, REGION_COUNT(safe_sorted), sizeof(*safe_sorted), cmp_name) ||
	       build_trap(name) ||
	       (!strncmp(name, "__builtin_", 10) && !is_copy(name)) ||
	       (nr_extra_safe &&
		bsearch(&name, extra_safe, nr_extra_safe, sizeof(*extra_safe), cmp_name));
}

/* ---- the safe list from a file ---- */

/*
 * The safe list is a short text file (objtool's own list is a few hundred
 * names): anything larger is not one.
 */
#define SAFE_LIST_MAX (1 << 20)

static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "not a regular file but a directory";
	if (S_ISFIFO(mode))
		return "not a regular file but a FIFO";
	if (S_ISCHR(mode))
		return "not a regular file but a character device";
	if (S_ISBLK(mode))
		return "not a regular file but a block device";
	if (S_ISSOCK(mode))
		return "not a regular file but a socket";
	return "not a regular file";
}

/*
 * The text of safe list @path, of *@len bytes; NULL, and why, where it is
 * not a readable regular text file of at most SAFE_LIST_MAX bytes.
 * /dev/zero would never end, a FIFO would block the compiler in open()
 * until some writer came, a directory or a binary would give names made
 * of garbage.
 */
static char *slurp(const char *path, size_t *len, char *why, size_t size)
{
	char *text = NULL;
	struct stat st;
	ssize_t n;
	int fd = -1;

	*len = 0;
	*why = 0;
	/* Not even opened when not a regular file: opening has effects. */
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		snprintf(why, size, "%s", file_kind(st.st_mode));
	} else if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0 ||
		   fstat(fd, &st) < 0) {
		snprintf(why, size, "%s", strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		snprintf(why, size, "%s", file_kind(st.st_mode));
	} else if (st.st_size > SAFE_LIST_MAX) {
		snprintf(why, size, "larger than 1 MiB: not a list of function names");
	} else {
		/* one byte more than allowed: a file that grew is seen */
		text = (char *)malloc(SAFE_LIST_MAX + 1);
		while (text && *len <= SAFE_LIST_MAX &&
		       (n = read(fd, text + *len, SAFE_LIST_MAX + 1 - *len))) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				snprintf(why, size, "%s", strerror(errno));
				break;
			}
			*len += n;
		}
		if (!text)
			snprintf(why, size, "%s", strerror(ENOMEM));
		else if (!*why && *len > SAFE_LIST_MAX)
			snprintf(why, size, "larger than 1 MiB: not a list of function names");
		else if (!*why && memchr(text, 0, *len))
			snprintf(why, size, "a NUL byte at offset %lu: not a text file",
				 (unsigned long)((char *)memchr(text, 0, *len) - text));
	}
	if (fd >= 0)
		close(fd);
	if (*why) {
		free(text);
		return NULL;
	}
	return text;
}

/* One name a line; blanks, '#' and what follows them are dropped. */
int region_read_safe_list(const char *path, char *why, size_t size)
{
	size_t len, i, n;
	char *text = slurp(path, &len, why, size), *line, *end;
	char **names;

	if (!text)
		return -1;
	for (i = 0; i < len; i += n + 1) {
		line = text + i;
		end = (char *)memchr(line, '\n', len - i);
		n = end ? (size_t)(end - line) : len - i;
		line[n] = 0;	/* the '\n', or the byte past the text */
		line[strcspn(line, " \t\r#")] = 0;
		if (!line[0])
			continue;
		names = (char **)realloc(extra_safe,
					 (nr_extra_safe + 1) * sizeof(*names));
		if (!names || !(line = strdup(line))) {
			free(text);
			snprintf(why, size, "%s", strerror(ENOMEM));
			return -1;
		}
		extra_safe = names;
		extra_safe[nr_extra_safe++] = line;
	}
	free(text);
	qsort(extra_safe, nr_extra_safe, sizeof(*extra_safe), cmp_name);
	return 0;
}

/* ---- the ends a begin asks for ---- */

/*
 * Whether one of the architectures @arch lists (the model's column: "all",
 * or names and commas) has an end of one mode that is an instruction of
 * its own: the model lists an end of that architecture alone that is not
 * of both modes (powerpc's prevent_write_to_user()).  On the others every
 * end is the same instruction (x86's clac).
 */
static bool ends_by_mode(const char *arch)
{
	size_t i, len;

	for (i = 0; i < REGION_COUNT(uaccess_names); i++) {
		const struct uaccess_name *n = &uaccess_names[i];
		const char *at;

		if (n->kind != UA_END || n->mode == UA_RW || !strcmp(n->arch, "all"))
			continue;
		if (!strcmp(arch, "all"))
			return true;
		len = strlen(n->arch);
		for (at = strstr(arch, n->arch); at; at = strstr(at + 1, n->arch))
			if ((at == arch || at[-1] == ',') && (!at[len] || at[len] == ','))
				return true;
	}
	return false;
}

/*
 * Whether an end of a region begun by @name must name the region's mode:
 * where the begin's architectures end by mode, and for a begin outside
 * the model.  Learnt once per begin of the model (every region asks).
 */
bool region_ends_by_mode(const char *name)
{
	static enum { UNKNOWN, ONE_END, END_BY_MODE } known[REGION_COUNT(uaccess_names)];
	const struct uaccess_name *n = region_model_name(name);
	size_t i;

	if (!n)
		return true;
	i = n - uaccess_names;
	if (known[i] == UNKNOWN)
		known[i] = ends_by_mode(n->arch) ? END_BY_MODE : ONE_END;
	return known[i] == END_BY_MODE;
}

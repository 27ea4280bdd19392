// SPDX-License-Identifier: GPL-2.0
/*
 * The region analysis that sparse-uaccess and the GCC plugin share: the
 * state lattice, its transitions, the uaccess-safe list and the message
 * of every id (region.h says how a front end uses it; findings.c which
 * are said, and how).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "region.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const char *const region_ids[NR_REGION_IDS] = {
#define REGION_NAME(sym, id) id,
	UACCESS_DEFECTS(REGION_NAME)
#undef REGION_NAME
};


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
static const struct uaccess_name *model_sorted[COUNT(uaccess_names)];
static const char *safe_sorted[COUNT(uaccess_names) + COUNT(objtool_safe) +
			       COUNT(compiler_safe)];
static const char *objtool_sorted[COUNT(objtool_safe)];

static int cmp_entry(const void *a, const void *b)
{
	return strcmp((*(const struct uaccess_name *const *)a)->name,
		      (*(const struct uaccess_name *const *)b)->name);
}

static void sort_names(void)
{
	size_t i, n = 0;

	for (i = 0; i < COUNT(uaccess_names); i++) {
		model_sorted[i] = &uaccess_names[i];
		safe_sorted[n++] = uaccess_names[i].name;
	}
	for (i = 0; i < COUNT(objtool_safe); i++)
		safe_sorted[n++] = objtool_sorted[i] = objtool_safe[i];
	for (i = 0; i < COUNT(compiler_safe); i++)
		safe_sorted[n++] = compiler_safe[i];
	qsort(model_sorted, COUNT(model_sorted), sizeof(*model_sorted), cmp_entry);
	qsort(safe_sorted, n, sizeof(*safe_sorted), cmp_name);
	qsort(objtool_sorted, COUNT(objtool_sorted), sizeof(*objtool_sorted), cmp_name);
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
		bsearch(&k, model_sorted, COUNT(model_sorted), sizeof(*model_sorted), cmp_entry);
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

	for (i = 0; i < COUNT(uaccess_switch_functions); i++)
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
	return bsearch(&function, objtool_sorted, COUNT(objtool_sorted),
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
	return bsearch(&name, safe_sorted, COUNT(safe_sorted), sizeof(*safe_sorted), cmp_name) ||
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

/* ---- the lattice ---- */

const char *region_mode_name(unsigned int mode)
{
	return mode == UA_READ ? "read" : mode == UA_WRITE ? "write" : "read-write";
}

/* Field by field: the struct's padding is no part of the state. */
bool region_same(const struct region_state *a, const struct region_state *b)
{
	return a->bits == b->bits && a->mode == b->mode &&
	       a->end_modes == b->end_modes && a->flags == b->flags && a->begin == b->begin &&
	       a->result == b->result;
}

/*
 * @into gets the paths of @from too; true if it changed.  A flag holds
 * where it holds on some path, but for REGION_KERNEL, which must hold
 * on every one.
 */
bool region_join(struct region_state *into, const struct region_state *from)
{
	struct region_state old = *into;
	/* an empty @into, no path yet, takes @from's */
	unsigned char kernel = from->flags & REGION_KERNEL &
			       (into->bits ? into->flags : REGION_KERNEL);

	if (!from->bits)
		return false;	/* no path */

	into->bits |= from->bits;
	into->mode |= from->mode;
	into->end_modes |= from->end_modes;
	into->flags = ((into->flags | from->flags) & ~REGION_KERNEL) | kernel;
	if (!from->begin || into->begin == from->begin)
		;
	else if (!into->begin)
		into->begin = from->begin;
	else
		into->begin = REGION_MANY;
	if (into->result != from->result)
		into->result = NULL;
	return !region_same(&old, into);
}

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

	for (i = 0; i < COUNT(uaccess_names); i++) {
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
 * The modes an end of the region @b opens must name.  Whether the begin's
 * architectures end by mode is learnt once per begin of the model (every
 * region asks).
 */
static unsigned char end_modes_of(const struct region_begin *b)
{
	static enum { UNKNOWN, ONE_END, END_BY_MODE } known[COUNT(uaccess_names)];
	const struct uaccess_name *n = region_model_name(b->name);
	size_t i;

	if (!n)
		return b->mode;
	i = n - uaccess_names;
	if (known[i] == UNKNOWN)
		known[i] = ends_by_mode(n->arch) ? END_BY_MODE : ONE_END;
	return known[i] == END_BY_MODE ? b->mode : 0;
}

static const struct region_begin *one_begin(const struct region_state *st)
{
	return st->begin == REGION_MANY ? NULL : st->begin;
}

static void say(struct region_sink *sink, const void *where,
		enum region_id id, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 4, 5)))
#endif
	;

static void say(struct region_sink *sink, const void *where,
		enum region_id id, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (!region_enabled(id))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sink->report(sink, where, id, msg);
}

/* ---- the transitions ---- */

/*
 * A begin of @b.  A checking begin whose result the code tests leaves
 * the region pending until the test (region_tested()); an untested one
 * is open all the same, for what follows to be checked against it.
 */
void region_open(struct region_sink *sink, const void *where,
		 struct region_state *st, const struct region_begin *b,
		 bool tested)
{
	const struct region_begin *outer = one_begin(st);

	if ((st->bits & (REGION_OPEN | REGION_PENDING)) &&
	    !(st->flags & REGION_BLIND)) {
		if (outer)
			say(sink, where, REGION_NESTED_REGION,
			    "%s() while the region opened by %s() at line %u is open",
			    b->name, outer->name, outer->line);
		else
			say(sink, where, REGION_NESTED_REGION,
			    "%s() while a user-access region is open", b->name);
		/*
		 * Whether or not the inner begin succeeds, one is open; a
		 * scoped inner one is ended when its block is left.
		 */
		if (!(st->bits & REGION_CLOSED)) {
			st->bits = REGION_OPEN;
			st->mode |= b->mode;
			st->end_modes |= end_modes_of(b);
			st->begin = REGION_MANY;
			if (b->kind == UA_SCOPED)
				st->flags |= REGION_SCOPED;
			return;
		}
	}
	if (b->kind == UA_BEGIN && !tested)
		say(sink, where, REGION_UNCHECKED_REGION_BEGIN,
		    "the result of %s() is not tested", b->name);
	st->bits = b->kind == UA_BEGIN && tested ? REGION_PENDING : REGION_OPEN;
	st->mode = b->mode;
	st->end_modes = end_modes_of(b);
	st->begin = b;
	st->result = NULL;
	st->flags &= ~(REGION_BLIND | REGION_MAYBE | REGION_SCOPED | REGION_SAVED);
	if (b->kind == UA_SCOPED)
		st->flags |= REGION_SCOPED;
	if (b->blind)
		st->flags |= REGION_BLIND;
}

/* The path where a checking begin's result was tested: it succeeded or not. */
void region_tested(struct region_state *st, bool success)
{
	if (!(st->bits & REGION_PENDING))
		return;
	st->bits &= ~REGION_PENDING;
	st->result = NULL;
	if (success) {
		st->bits |= REGION_OPEN;
	} else {
		st->bits |= REGION_CLOSED;
		if (!(st->bits & REGION_OPEN)) {
			st->mode = 0;
			st->end_modes = 0;
			st->begin = NULL;
		}
	}
}

/*
 * Where is_kernel_addr() held: the accessors reach kernel memory (the
 * test is taken to be of their address), which needs no region.
 */
void region_kernel_address(struct region_state *st)
{
	if (st->bits)
		st->flags |= REGION_KERNEL;
}

/*
 * user_access_save(): user access off on every path; where a region was
 * open, its restore will open it again.
 */
void region_save(struct region_state *st)
{
	if (st->bits & (REGION_OPEN | REGION_PENDING))
		st->flags |= REGION_SAVED;
	st->bits = REGION_CLOSED;
}

/* user_access_restore(): what the save closed is open again. */
void region_restore(struct region_state *st)
{
	if (!(st->flags & REGION_SAVED))
		return;
	st->bits = REGION_OPEN;
	st->flags &= ~REGION_SAVED;
}

/*
 * An end closes the modes it names: where they are different
 * instructions (powerpc's KUAP: book3s/32 never locks reads, so a read
 * end leaves user memory writable), an end that does not name every
 * mode of the region leaves the others open.
 */
static void check_end_mode(struct region_sink *sink, const void *where,
			   const struct region_state *st, const char *name)
{
	const struct uaccess_name *end = region_model_name(name);

	if (!(st->bits & REGION_OPEN) || !end || end->kind != UA_END ||
	    !(st->end_modes & ~end->mode))
		return;
	/* Not by its begin: paths of two begins of one name join in GCC's. */
	say(sink, where, REGION_MODE_MISMATCH, "%s() ends a %s region", name,
	    region_mode_name(st->mode));
}

void region_end(struct region_sink *sink, const void *where,
		struct region_state *st, const char *name)
{
	if (st->bits & REGION_CLOSED)
		say(sink, where, REGION_UNBALANCED_REGION_END,
		    "%s() with no user-access region open", name);
	else
		check_end_mode(sink, where, st, name);
	st->bits = REGION_CLOSED;
	st->mode = 0;
	st->end_modes = 0;
	st->begin = NULL;
	st->result = NULL;
	st->flags &= ~(REGION_BLIND | REGION_MAYBE | REGION_SCOPED | REGION_SAVED);
}

void region_access(struct region_sink *sink, const void *where,
		   const struct region_state *st, const char *name,
		   enum uaccess_mode mode)
{
	const struct region_begin *b = one_begin(st);

	if ((st->bits & REGION_CLOSED) && !(st->flags & REGION_KERNEL))
		say(sink, where, REGION_UNSAFE_OUTSIDE_REGION,
		    "%s() with no user-access region open", name);
	else if (st->bits & REGION_PENDING)
		say(sink, where, REGION_UNCHECKED_REGION_BEGIN,
		    "%s() before the result of %s() is tested", name,
		    b ? b->name : "its begin");
	if (!(st->bits & REGION_OPEN) || !st->mode || !(mode & ~st->mode))
		return;
	if (b)
		say(sink, where, REGION_MODE_MISMATCH,
		    "%s() in a %s region opened by %s()", name,
		    region_mode_name(st->mode), b->name);
	else
		say(sink, where, REGION_MODE_MISMATCH,
		    "%s() in a %s region", name, region_mode_name(st->mode));
}

/*
 * A call the front end found not uaccess-safe: @callee (NULL: indirect),
 * reached @through an inline helper of that name, or directly (NULL).
 * A @plain_inline callee is inline but not __always_inline: GCC may leave
 * it a call (with KASAN, or -Os: objtool then warns), so only an
 * __always_inline one may be called with a region open, whatever its body.
 */
void region_call(struct region_sink *sink, const void *where,
		 const struct region_state *st, const char *callee,
		 const char *through, bool plain_inline)
{
	if (!(st->bits & (REGION_OPEN | REGION_PENDING)) ||
	    (st->flags & (REGION_BLIND | REGION_INHERITED)))
		return;
	if (callee && (st->flags & REGION_CALLERS) && region_may_call(sink->fn))
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() before user_access_save(): a user-access region may call %s() (objtool's uaccess-safe list)",
		    callee, sink->fn);
	else if (!callee)
		say(sink, where, REGION_CALL_IN_REGION,
		    "indirect call with a user-access region open");
	else if (through)
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() (through inline %s()) with a user-access region open",
		    callee, through);
	else if (plain_inline)
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() (inline, not __always_inline) with a user-access region open",
		    callee);
	else
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() with a user-access region open", callee);
}

/* A way out of the function; true if it leaks a region. */
bool region_exit(struct region_sink *sink, const void *where,
		 const struct region_state *st)
{
	const struct region_begin *b = one_begin(st);

	if (!(st->bits & REGION_OPEN) ||
	    (st->flags & (REGION_SCOPED | REGION_INHERITED | REGION_BLIND | REGION_CALLERS)))
		return false;
	if (b)
		say(sink, where, REGION_REGION_LEAK,
		    "%s() returns with the region opened by %s() at line %u still open",
		    sink->fn, b->name, b->line);
	else
		say(sink, where, REGION_REGION_LEAK,
		    "%s() returns with a user-access region open", sink->fn);
	return true;
}

/* ---- unverified-region: is an open checked? ---- */

/*
 * A check of the variable @name (NULL: of a pointer of no name, or of
 * more names than are kept: it may be any).
 */
void region_checked(struct region_checks *c, const void *name)
{
	unsigned int i;

	c->any = true;
	for (i = 0; name && i < c->n; i++)
		if (c->names[i] == name)
			return;
	if (name && c->n < REGION_CHECKED_NAMES)
		c->names[c->n++] = name;
	else
		c->unnamed = true;
}

/*
 * Non-checking open @name, in @file, on the variable @var (named @ptr):
 * a check of it verifies it, at any offset, or one of a pointer of no
 * name.  Where its code has no pointer (NULL: x86's bare stac(), and the
 * proposed '__user_write_access_begin(p, n)' that x86 spells so), a
 * check of any pointer does, and the finding names none.  An
 * architecture's own code checks the range its own way
 * (region_range_checked_by_arch()).
 */
void region_verify(struct region_sink *sink, const void *where,
		   const struct region_checks *c, const char *file,
		   const char *name, const void *var, const char *ptr)
{
	unsigned int i;

	if (var ? c->unnamed : c->any)
		return;
	for (i = 0; i < c->n; i++)
		if (c->names[i] == var)
			return;
	if (region_range_checked_by_arch(file))
		return;
	if (ptr)
		say(sink, where, REGION_UNVERIFIED_REGION,
		    "%s() opens a region on '%s' with no access_ok() or masking of it in %s()",
		    name, ptr, sink->fn);
	else
		say(sink, where, REGION_UNVERIFIED_REGION,
		    "%s() opens a region with no access_ok() or masking in %s()",
		    name, sink->fn);
}

/* ---- pointer-mismatch: does the begin cover where an accessor lands? ---- */

static void past_flexible(struct region_sink *sink, const void *where,
			  const char *name, const struct region_place *pl,
			  const struct region_covered *cov,
			  const struct region_begin *b)
{
	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at an element of the flexible array member '%s', past the %s bytes that %s() opened",
	    name, pl->flex, cov->size, b->name);
}

static void past_member(struct region_sink *sink, const void *where,
			const char *name, const struct region_place *pl)
{
	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at element %lld of the array member '%s', past its %lld elements",
	    name, pl->index, pl->member, pl->count);
}

/* An access at byte @off of the begin's pointer, outside what it covers. */
static void outside(struct region_sink *sink, const void *where,
		    const char *name, long long off,
		    const struct region_covered *cov,
		    const struct region_begin *b)
{
	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at byte %lld of '%s', %s the %s bytes that %s() opened",
	    name, off, cov->ptr, off < 0 ? "before" : "past", cov->size, b->name);
}

/*
 * The begin whose range an access is checked against in the path class
 * @i of the @n in @st that reach it: its one begin, where the region is
 * open on every path (where it may be closed, the access is
 * unsafe-outside-region, which is what is said); NULL otherwise.  The
 * plugin joins the paths that sparse-uaccess keeps apart: both ask it so.
 */
const struct region_begin *region_placing(const struct region_state *st, int n, int i)
{
	int j;

	for (j = 0; j < n; j++)
		if (st[j].bits != REGION_OPEN)
			return NULL;
	return one_begin(&st[i]);
}

/*
 * Where accessor @name lands, in the region of begin @b that covers
 * @cov: past a flexible array's start or an array member's end, or
 * outside the constant range; through a pointer set from the begin's
 * less an amount (it reaches before what the begin covers: filldir64()
 * wrote the previous entry so, in a region begun on the new one, until
 * upstream 3c2659bd1db8), or through another parameter.
 */
void region_placed(struct region_sink *sink, const void *where,
		   const char *name, const struct region_place *pl,
		   const struct region_covered *cov,
		   const struct region_begin *b)
{
	switch (pl->through) {
	case REGION_THROUGH_LESS:
		say(sink, where, REGION_POINTER_MISMATCH,
		    "%s() through '%s', which is '%s' less an amount: before the region %s() opened on '%s'",
		    name, pl->ptr, cov->ptr, b->name, cov->ptr);
		return;
	case REGION_THROUGH_OTHER:
		say(sink, where, REGION_POINTER_MISMATCH,
		    "%s() through '%s', but the region opened by %s() covers '%s'",
		    name, pl->ptr, b->name, cov->ptr);
		return;
	case REGION_THROUGH_BEGUN:
		break;
	}
	/* a flexible array starts where the object begun for ends */
	if (pl->flex && cov->bytes >= 0 && cov->pointee >= 0 &&
	    cov->off + cov->bytes <= cov->pointee)
		past_flexible(sink, where, name, pl, cov, b);
	else if (pl->member)
		past_member(sink, where, name, pl);
	else if (pl->exact && cov->bytes >= 0 &&
		 (pl->off < cov->off || pl->off - cov->off >= cov->bytes))
		outside(sink, where, name, pl->off - cov->off, cov, b);
}

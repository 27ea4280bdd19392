// SPDX-License-Identifier: GPL-2.0
/*
 * The source's text, where GIMPLE keeps nothing of it: the pointer a
 * non-checking open is on ('__user_write_access_begin(p, n)' expands to
 * a bare stac()), whether an exit is a 'return' the source wrote, and
 * whether an if tests a kernel address and nothing else.  Read from the
 * file at a location's spelling.
 */
#include "uaccess_plugin.h"

/* Line @line of file @file, in @buf; NULL if it cannot be read whole. */
static const char *source_line(const char *file, int line, char *buf,
			       size_t size)
{
	FILE *f = fopen(file, "r");
	char *text = NULL;
	size_t cap = 0;
	ssize_t len = -1;

	if (!f)
		return NULL;
	while (line-- > 0 && (len = getline(&text, &cap, f)) >= 0)
		;
	fclose(f);
	if (len >= 0 && (size_t)len < size)
		memcpy(buf, text, len + 1);
	free(text);
	return len >= 0 && (size_t)len < size ? buf : NULL;
}

/* The text at ordinary location @loc, on its line; NULL if unknown. */
static const char *text_at(location_t loc, char *buf, size_t size)
{
	expanded_location x = expand_location(loc);
	const char *line;

	if (!x.file || x.column < 1)
		return NULL;
	line = source_line(x.file, x.line, buf, size);
	if (!line || strlen(line) < (size_t)x.column)
		return NULL;
	return line + x.column - 1;
}

/* Whether @loc, as spelled, is at a 'return' keyword. */
bool spelled_return(location_t loc)
{
	char buf[1024];
	const char *p = text_at(linemap_resolve_location(line_table, loc,
					LRK_SPELLING_LOCATION, NULL),
				buf, sizeof(buf));

	return p && !strncmp(p, "return", 6) && !ISIDNUM(p[6]);
}

/* A literal from @p, its quote, to the closing one; NULL if it is not closed. */
static const char *skip_literal(const char *p)
{
	char quote = *p++;

	for (; *p && *p != quote; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p : NULL;
}

/*
 * The arguments of the model macro the source wrote at @loc, spelled as
 * sparse-uaccess spells them (C tokens with a space only between two
 * words).  False on any doubt: no model macro, one written in another
 * macro's definition, its name not at its place on the line, arguments
 * that go on past the line, a comment in them, more than SPELLED_ARGS.
 */
bool spelled_args(location_t loc, struct spelled *s)
{
	const struct uaccess_name *m[1];
	location_t at = UNKNOWN_LOCATION;
	expanded_location spelled, used;
	char buf[1024], *arg = NULL, c;
	const char *p, *lit;
	size_t len = 0, n;
	int depth = 0;

	if (!model_macros(loc, m, 1, &at))
		return false;
	at = linemap_resolve_location(line_table, at, LRK_SPELLING_LOCATION, NULL);
	spelled = expand_location(at);
	used = expand_location(source_loc(loc));
	if (!spelled.file || !used.file || strcmp(spelled.file, used.file) ||
	    spelled.line != used.line)
		return false;
	p = text_at(at, buf, sizeof(buf));
	n = strlen(m[0]->name);
	if (!p || strncmp(p, m[0]->name, n) || ISIDNUM(p[n]))
		return false;
	for (p += n; ISSPACE(*p); p++)
		;
	if (*p++ != '(')
		return false;
	s->n = 0;
	for (; *p; p++) {
		if (!arg) {
			if (s->n == SPELLED_ARGS)
				return false;
			arg = s->arg[s->n++];
			len = 0;
		}
		c = *p;
		if (ISSPACE(c)) {
			/* a space only between two words */
			while (ISSPACE(p[1]))
				p++;
			if (!len || !ISIDNUM(arg[len - 1]) || !ISIDNUM(p[1]))
				continue;
			c = ' ';
		} else if (*p == '/' && (p[1] == '*' || p[1] == '/')) {
			return false;
		} else if (*p == '"' || *p == '\'') {
			lit = skip_literal(p);
			if (!lit || len + (lit - p) + 1 >= sizeof(s->arg[0]))
				return false;
			memcpy(arg + len, p, lit - p);
			len += lit - p;
			p = lit;
		} else if (strchr("([{", *p)) {
			depth++;
		} else if (strchr(")]}", *p) && depth) {
			depth--;
		} else if ((*p == ',' || *p == ')') && !depth) {
			arg[len] = 0;
			arg = NULL;
			if (*p == ',')
				continue;
			/* 'f()' has no argument */
			if (s->n == 1 && !len)
				s->n = 0;
			return !s->n || s->arg[s->n - 1][0];
		}
		if (len + 1 >= sizeof(s->arg[0]))
			return false;
		arg[len++] = c;
	}
	return false;
}

/* C's keywords a pointer argument may hold before its variable. */
static const char *const keywords[] = {
	"char", "const", "enum", "int", "long", "short", "signed", "sizeof",
	"struct", "typeof", "__typeof__", "union", "unsigned", "void",
	"volatile",
};

/*
 * The base identifier of pointer argument @text ('p' of '&p->f', 'p+1'
 * and '(T*)p'), as sparse-uaccess finds it: past a leading cast, the
 * first identifier that is not a keyword.  In @buf; NULL if none.
 */
const char *base_ident(const char *text, char *buf, size_t size)
{
	const char *p = text, *q;
	size_t i, len;
	int depth = 0;

	/* '(T*)p': a parenthesised group followed by more is a cast */
	if (*p == '(') {
		for (q = p; *q; q++)
			if (*q == '(')
				depth++;
			else if (*q == ')' && !--depth)
				break;
		if (*q && (ISIDST(q[1]) || q[1] == '('))
			p = q + 1;
	}
	for (; *p; p += len) {
		for (len = 0; ISIDNUM(p[len]); len++)
			;
		if (!len) {
			len = 1;
			continue;
		}
		if (!ISIDST(*p) || len >= size)
			continue;
		for (i = 0; i < ARRAY_SIZE(keywords); i++)
			if (strlen(keywords[i]) == len &&
			    !strncmp(keywords[i], p, len))
				break;
		if (i < ARRAY_SIZE(keywords))
			continue;
		memcpy(buf, p, len);
		buf[len] = 0;
		return buf;
	}
	return NULL;
}

/*
 * Whether the condition of an if at @loc, its parenthesis, is spelled as
 * the model's kernel test of a variable and nothing else, 'if
 * (!is_kernel_addr(ea))': then its one comparison is that test.
 */
bool spelled_kernel_test(location_t loc)
{
	const struct uaccess_name *u;
	char buf[256], name[64];
	const char *p = text_at(loc, buf, sizeof(buf));
	size_t n;

	if (!p || *p++ != '(')
		return false;
	while (*p == '!' || ISSPACE(*p))
		p++;
	for (n = 0; ISIDNUM(p[n]) && n < sizeof(name) - 1; n++)
		name[n] = p[n];
	name[n] = 0;
	u = region_model_name(name);
	if (!u || u->kind != UA_KERNEL || p[n] != '(')
		return false;
	for (p += n + 1; ISIDNUM(*p); p++)
		;
	if (*p++ != ')')
		return false;
	while (ISSPACE(*p))
		p++;
	return *p == ')';
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Which findings the region analysis says and how: the options that
 * disable ids, make them errors or choose JSON Lines, and the printing of
 * one finding, as GCC prints a diagnostic or as one JSON object, and of
 * what was seen in a file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "region.h"

bool region_werror;
bool region_json;
bool region_show_stats;
static bool disabled[NR_REGION_IDS];

bool region_enabled(enum region_id id)
{
	return !disabled[id];
}

/* Disable the ids of comma-separated @list; -1 and why on an unknown one. */
static int disable_ids(const char *list, char *why, size_t size)
{
	const char *p = list, *end;
	size_t i, len;

	for (; *p; p = *end ? end + 1 : end) {
		end = p + strcspn(p, ",");
		len = end - p;
		for (i = 0; i < NR_REGION_IDS; i++)
			if (strlen(region_ids[i]) == len &&
			    !strncmp(region_ids[i], p, len))
				break;
		if (i == NR_REGION_IDS) {
			snprintf(why, size, "unknown id '%.*s'", (int)len, p);
			return -1;
		}
		disabled[i] = true;
	}
	return 0;
}

/* How findings are printed: "text" (the kernel's lines) or "json". */
static int set_format(const char *name, char *why, size_t size)
{
	if (strcmp(name, "text") && strcmp(name, "json")) {
		snprintf(why, size, "unknown format '%s' (text or json)", name);
		return -1;
	}
	region_json = !strcmp(name, "json");
	return 0;
}

/*
 * Option @key of both checkers, with @value (NULL: none), which each
 * spells its own way: werror, stats, disable=<id,...>,
 * format=<text|json>, safe-list=<file>.  0 when taken, -1 and why when refused, 1 when it
 * is none of these.
 */
int region_option(const char *key, const char *value, char *why, size_t size)
{
	char reason[200];

	if (!strcmp(key, "werror") && !value) {
		region_werror = true;
		return 0;
	}
	if (!strcmp(key, "stats") && !value) {
		region_show_stats = true;
		return 0;
	}
	if (!value)
		return 1;
	if (!strcmp(key, "disable"))
		return disable_ids(value, why, size);
	if (!strcmp(key, "format"))
		return set_format(value, why, size);
	if (strcmp(key, "safe-list"))
		return 1;
	if (!region_read_safe_list(value, reason, sizeof(reason)))
		return 0;
	snprintf(why, size, "'%s': %s", value, reason);
	return -1;
}

static const char *severity(void)
{
	return region_werror ? "error" : "warning";
}

/*
 * @s as a JSON string (RFC 8259): '"', '\\' and the control characters
 * escaped, the last as \u00XX; other bytes as they are (a path is bytes).
 */
static void json_string(FILE *out, const char *s)
{
	unsigned char c;

	fputc('"', out);
	for (; (c = *s); s++) {
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void json_finding(FILE *out, const struct region_finding *f)
{
	fputs("{\"path\":", out);
	json_string(out, f->path);
	fprintf(out, ",\"line\":%u,\"column\":", f->line);
	if (f->column < 0)
		fputs("null", out);
	else
		fprintf(out, "%d", f->column);
	/* every region id is of kind 'defect': UACCESS_DEFECTS holds no other */
	fprintf(out, ",\"severity\":\"%s\",\"id\":\"%s\",\"kind\":\"defect\",\"function\":",
		severity(), region_ids[f->id]);
	if (f->function)
		json_string(out, f->function);
	else
		fputs("null", out);
	fputs(",\"message\":", out);
	json_string(out, f->msg);
	fputs(",\"engine\":", out);
	json_string(out, f->engine);
	fputs("}\n", out);
}

static void text_finding(FILE *out, const struct region_finding *f)
{
	fprintf(out, "%s:%u:", f->path, f->line);
	if (f->column >= 0)
		fprintf(out, "%d:", f->column);
	fprintf(out, " %s: %s [uaccess:%s]\n", severity(), f->msg, region_ids[f->id]);
}

static void json_stats(FILE *out, const struct region_stats *s)
{
	fputs("{\"stats\":{\"engine\":", out);
	json_string(out, s->engine);
	fputs(",\"path\":", out);
	json_string(out, s->path);
	fprintf(out, ",\"functions\":%lu,\"analysed\":%lu,\"opens\":%lu,\"seconds\":",
		s->functions, s->analysed, s->opens);
	if (s->seconds < 0)
		fputs("null", out);
	else
		fprintf(out, "%.6f", s->seconds);
	fputs("}}\n", out);
}

static void text_stats(FILE *out, const struct region_stats *s)
{
	fprintf(out, "%s: %s: %lu functions, %lu analysed, %lu region opens",
		s->engine, s->path, s->functions, s->analysed, s->opens);
	if (s->seconds >= 0)
		fprintf(out, ", %.6f s", s->seconds);
	fputc('\n', out);
}

/*
 * One line, in one write where memory allows: stderr is unbuffered,
 * and the compilers of a make -j share it, so a line written piece by
 * piece could be cut by another's.
 */
struct one_write {
	char *line;
	size_t len;
	FILE *mem;
};

/* Where to print the line: memory, or @out itself where there is none. */
static FILE *one_write_start(struct one_write *w, FILE *out)
{
	w->line = NULL;
	w->len = 0;
	w->mem = open_memstream(&w->line, &w->len);
	return w->mem ? w->mem : out;
}

static void one_write_end(struct one_write *w, FILE *out)
{
	if (!w->mem)
		return;
	fclose(w->mem);
	fwrite(w->line, 1, w->len, out);
	free(w->line);
}

void region_print(FILE *out, const struct region_finding *f)
{
	struct one_write w;
	FILE *to = one_write_start(&w, out);

	if (region_json)
		json_finding(to, f);
	else
		text_finding(to, f);
	one_write_end(&w, out);
}

void region_print_stats(FILE *out, const struct region_stats *s)
{
	struct one_write w;
	FILE *to = one_write_start(&w, out);

	if (region_json)
		json_stats(to, s);
	else
		text_stats(to, s);
	one_write_end(&w, out);
}

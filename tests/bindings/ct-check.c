// SPDX-License-Identifier: BSD-3-Clause
/*
 * Runs the library's call-table parser over every node of a DTB that is
 * compatible with "secmon,call-table", so that tests/bindings/run.sh can
 * compare the parser's verdict with dt-validate's.
 *
 * Prints one line per table: "<path> <first compatible>: ok", or
 * "<path> <first compatible>: refused: <node> <property>: <message>".
 * Exit status: 0 when every table parses, 1 when any is refused, 2 when the
 * file cannot be read or is not a DTB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <libfdt.h>
#include <secmon/calltab.h>

static void *read_file(const char *name)
{
	FILE *f = fopen(name, "rb");
	char *buf = 0;
	long size;

	if (!f)
		return 0;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)size);
		if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
			free(buf);
			buf = 0;
		}
	}
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	static struct secmon_calltab t;
	struct secmon_ct_error err;
	char path[256];
	void *fdt;
	int node, refused = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE.dtb\n", argv[0]);
		return 2;
	}
	fdt = read_file(argv[1]);
	if (!fdt || fdt_check_header(fdt) != 0) {
		fprintf(stderr, "%s: not a readable DTB\n", argv[1]);
		free(fdt);
		return 2;
	}
	for (node = secmon_calltab_find(fdt, -1, "secmon,call-table"); node >= 0;
	     node = secmon_calltab_find(fdt, node, "secmon,call-table")) {
		int e = secmon_calltab_parse(fdt, node, &t, &err);

		const char *compat = fdt_getprop(fdt, node, "compatible", 0);

		if (fdt_get_path(fdt, node, path, sizeof(path)) != 0)
			snprintf(path, sizeof(path), "?");
		printf("%s %s: ", path, compat ? compat : "?");
		if (e == SECMON_OK) {
			printf("ok\n");
		} else {
			printf("refused: %s %s: %s\n", err.node, err.property[0] ? err.property : "-",
			       err.message);
			refused = 1;
		}
	}
	free(fdt);
	return refused;
}

/* A binary safe list (a NUL byte, made by the run script) is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@WORKDIR@/binary.list" } */
/* { dg-plugin-fails "/binary.list': a NUL byte at offset 7: not a text file" } */
int x;

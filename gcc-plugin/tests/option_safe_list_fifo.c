/* A FIFO as the safe list is refused, not opened (open() would wait). */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@WORKDIR@/fifo.list" } */
/* { dg-plugin-fails "/fifo.list': not a regular file but a FIFO" } */
int x;

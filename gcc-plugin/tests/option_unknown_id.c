/* An id the plugin does not know in -disable= is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-disable=region-leak,no-such-id" } */
/* { dg-plugin-fails "unknown id 'no-such-id'" } */
int x;

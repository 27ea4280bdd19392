/* An option the plugin does not know is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-no-such-option" } */
/* { dg-plugin-fails "unknown option '-fplugin-arg-uaccess_plugin-no-such-option'" } */
int x;

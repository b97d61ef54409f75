<?php
// Differential probe: PHP urlencode / rawurlencode / urldecode / rawurldecode (raw bytes).
// Reads "FUNC\tHEX" lines, writes "OK HEX" per line.
$out = '';
while (($line = fgets(STDIN)) !== false) {
    [$func, $hex] = explode("\t", rtrim($line, "\n"));
    $in = hex2bin($hex);
    $r = match ($func) {
        'urlencode' => urlencode($in),
        'rawurlencode' => rawurlencode($in),
        'urldecode' => urldecode($in),
        'rawurldecode' => rawurldecode($in),
    };
    $out .= 'OK ' . bin2hex($r) . "\n";
}
fwrite(STDOUT, $out);

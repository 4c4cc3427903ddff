//! Compiles the GUI's resources (.ui files, CSS, icons) into the binary when the `gui` feature is
//! on, and the settings schema into `$OUT_DIR/schemas`, where a build run from the checkout finds
//! it when the schema is not installed; and the translations in `po/` into `$OUT_DIR/locale`
//! (msgfmt, from gettext), found the same way.
fn main() {
    compile_catalogues();
    println!("cargo:rerun-if-changed=resources");
    println!("cargo:rerun-if-changed=data/io.github.nonet.Nonet.gschema.xml");
    if std::env::var_os("CARGO_FEATURE_GUI").is_some() {
        glib_build_tools::compile_resources(&["resources"], "resources/nonet.gresource.xml", "nonet.gresource");
        let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("schemas");
        std::fs::create_dir_all(&out).expect("a schema directory in OUT_DIR");
        let status = std::process::Command::new("glib-compile-schemas")
            .arg("--strict")
            .arg(format!("--targetdir={}", out.display()))
            .arg("data")
            .status();
        match status {
            Ok(status) if status.success() => {}
            other => panic!("glib-compile-schemas (libglib2.0-bin) must compile data/*.gschema.xml: {other:?}"),
        }
    }
}

/// `po/LANG.po` → `$OUT_DIR/locale/LANG/LC_MESSAGES/nonet.mo` for each language in `po/LINGUAS`.
fn compile_catalogues() {
    println!("cargo:rerun-if-changed=po");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("locale");
    let languages = std::fs::read_to_string("po/LINGUAS").expect("po/LINGUAS lists the translations");
    for language in languages.split_whitespace().filter(|l| !l.starts_with('#')) {
        let dir = out.join(language).join("LC_MESSAGES");
        std::fs::create_dir_all(&dir).expect("a locale directory in OUT_DIR");
        let status = std::process::Command::new("msgfmt")
            .arg("--check")
            .arg("-o")
            .arg(dir.join("nonet.mo"))
            .arg(format!("po/{language}.po"))
            .status();
        match status {
            Ok(status) if status.success() => {}
            other => panic!("msgfmt (gettext) must compile po/{language}.po: {other:?}"),
        }
    }
}

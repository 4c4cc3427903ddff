//! Compiles the GUI's resources (.ui files, CSS, icons) into the binary when the `gui` feature is
//! on, and the settings schema into `$OUT_DIR/schemas`, where a build run from the checkout finds
//! it when the schema is not installed.
fn main() {
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

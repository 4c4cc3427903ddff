//! Compiles the GUI's resources (.ui files, CSS, icons) into the binary when the `gui` feature is on.
fn main() {
    println!("cargo:rerun-if-changed=resources");
    if std::env::var_os("CARGO_FEATURE_GUI").is_some() {
        glib_build_tools::compile_resources(&["resources"], "resources/nonet.gresource.xml", "nonet.gresource");
    }
}
